package sparql

import (
	"encoding/binary"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

var bucket = []byte("sparql-answers")

// diskCache keeps answer bodies in a bbolt file, each value prefixed with
// its expiry (Unix nanoseconds, big-endian).
type diskCache struct {
	db *bolt.DB
}

func openDiskCache(path string) (*diskCache, error) {
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		return nil, fmt.Errorf("disk cache %s: %w", path, err)
	}
	if err := db.Update(func(tx *bolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(bucket)
		return err
	}); err != nil {
		db.Close()
		return nil, fmt.Errorf("disk cache %s: %w", path, err)
	}
	return &diskCache{db: db}, nil
}

// get returns a copy of the live value under key.
func (d *diskCache) get(key string, now time.Time) ([]byte, bool) {
	var out []byte
	_ = d.db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket(bucket).Get([]byte(key))
		if len(v) < 8 || int64(binary.BigEndian.Uint64(v)) <= now.UnixNano() {
			return nil
		}
		out = append([]byte(nil), v[8:]...)
		return nil
	})
	return out, out != nil
}

func (d *diskCache) put(key string, body []byte, expires time.Time) error {
	v := make([]byte, 8+len(body))
	binary.BigEndian.PutUint64(v, uint64(expires.UnixNano()))
	copy(v[8:], body)
	return d.db.Update(func(tx *bolt.Tx) error {
		return tx.Bucket(bucket).Put([]byte(key), v)
	})
}

func (d *diskCache) close() error { return d.db.Close() }
