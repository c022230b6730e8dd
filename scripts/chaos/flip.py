"""A TCP port for scripts/chaos.sh in front of a server (Neo4j's Bolt port, Qdrant's gRPC port).

Usage: flip.py PORT TARGET_HOST:TARGET_PORT MODE_FILE

It reads its mode from MODE_FILE for every new connection:
  garbage  answer with an HTML error page and close
  ok       forward the connection to the target, both ways
"""
import socket
import sys
import threading

PORT, TARGET, MODE_FILE = int(sys.argv[1]), sys.argv[2], sys.argv[3]
HOST, TPORT = TARGET.rsplit(":", 1)
GARBAGE = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\n\r\n<html>502 Bad Gateway</html>"


def mode():
    try:
        with open(MODE_FILE) as f:
            return f.read().strip()
    except OSError:
        return "ok"


def pipe(src, dst):
    try:
        while True:
            b = src.recv(65536)
            if not b:
                break
            dst.sendall(b)
    except OSError:
        pass
    for s in (src, dst):
        try:
            s.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def handle(c):
    if mode() != "ok":
        try:
            c.sendall(GARBAGE)
        except OSError:
            pass
        c.close()
        return
    try:
        up = socket.create_connection((HOST, int(TPORT)), timeout=5)
        up.settimeout(None)
    except OSError:
        c.close()
        return
    threading.Thread(target=pipe, args=(c, up), daemon=True).start()
    pipe(up, c)
    c.close()
    up.close()


ln = socket.socket()
ln.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
ln.bind(("127.0.0.1", PORT))
ln.listen(64)
while True:
    conn, _ = ln.accept()
    threading.Thread(target=handle, args=(conn,), daemon=True).start()
