package org.hybridrag.testtools.neo4j;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import org.neo4j.configuration.GraphDatabaseInternalSettings;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;

/**
 * Embedded Neo4j 5.26 with the Bolt connector, for integration tests.
 *
 * <p>Usage: {@code Main [--host H] [--port N]}. The port defaults to the
 * environment variable HYBRIDRAG_NEO4J_PORT, then 7687; the host defaults to
 * 127.0.0.1. Authentication is disabled and the store lives in a temporary
 * folder that is deleted when the process exits (SIGTERM or SIGINT shut the
 * database down cleanly first). Once Bolt accepts connections and the default
 * database is available, one line is printed on stdout:
 * {@code NEO4J_READY bolt://HOST:PORT}.
 */
public final class Main {
    private static final long AVAILABLE_TIMEOUT_MS = 120_000;

    private Main() {
    }

    public static void main(String[] args) throws Exception {
        String host = "127.0.0.1";
        int port = parsePort(System.getenv().getOrDefault("HYBRIDRAG_NEO4J_PORT", "7687"));
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--host" -> host = requireValue(args, ++i);
                case "--port" -> port = parsePort(requireValue(args, ++i));
                default -> usage("unknown argument: " + args[i]);
            }
        }

        long started = System.nanoTime();
        Path home = Files.createTempDirectory("hybridrag-neo4j-");
        DatabaseManagementService dbms;
        try {
            dbms = new DatabaseManagementServiceBuilder(home)
                    .setConfig(BoltConnector.enabled, true)
                    .setConfig(BoltConnector.listen_address, new SocketAddress(host, port))
                    .setConfig(BoltConnector.advertised_address, new SocketAddress(host, port))
                    .setConfig(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED)
                    .setConfig(GraphDatabaseSettings.auth_enabled, false)
                    .setConfig(GraphDatabaseSettings.pagecache_memory, 128L * 1024 * 1024)
                    .setConfig(GraphDatabaseSettings.preallocate_logical_logs, false)
                    // Netty's default 2 s quiet period per event loop makes a
                    // test-server shutdown take 10+ s; nothing here needs it.
                    .setConfig(GraphDatabaseInternalSettings.netty_server_shutdown_quiet_period, 0)
                    .setConfig(GraphDatabaseInternalSettings.netty_server_shutdown_timeout, Duration.ofSeconds(5))
                    .build();
        } catch (RuntimeException e) {
            deleteTree(home);
            throw e;
        }

        AtomicBoolean stopped = new AtomicBoolean();
        Runnable stop = () -> {
            if (!stopped.compareAndSet(false, true)) {
                return;
            }
            try {
                dbms.shutdown();
            } finally {
                deleteTree(home);
            }
        };
        Runtime.getRuntime().addShutdownHook(new Thread(stop, "neo4j-shutdown"));

        GraphDatabaseService db = dbms.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME);
        if (!db.isAvailable(AVAILABLE_TIMEOUT_MS)) {
            System.err.println("neo4j: default database not available after " + AVAILABLE_TIMEOUT_MS + " ms");
            stop.run();
            System.exit(1);
        }

        long ms = (System.nanoTime() - started) / 1_000_000;
        System.out.println("NEO4J_READY bolt://" + host + ":" + port + " (started in " + ms + " ms, store " + home + ")");
        System.out.flush();

        // Park until a signal runs the shutdown hook and the JVM exits.
        Thread.currentThread().join();
    }

    private static String requireValue(String[] args, int i) {
        if (i >= args.length) {
            usage("missing value for " + args[i - 1]);
        }
        return args[i];
    }

    private static int parsePort(String s) {
        try {
            int p = Integer.parseInt(s.trim());
            if (p < 1 || p > 65535) {
                usage("port out of range: " + s);
            }
            return p;
        } catch (NumberFormatException e) {
            usage("bad port: " + s);
            return 0;
        }
    }

    private static void usage(String msg) {
        System.err.println("neo4j: " + msg);
        System.err.println("usage: Main [--host H] [--port N]");
        System.exit(2);
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            System.err.println("neo4j: could not delete " + root + ": " + e.getMessage());
        }
    }
}
