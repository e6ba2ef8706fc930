package dev.peregrine.benchmarks;

import dev.peregrine.benchmarks.fixtures.Fixture;
import dev.peregrine.benchmarks.peers.Peer;
import dev.peregrine.benchmarks.peers.Serializer;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.Callable;
import org.HdrHistogram.Histogram;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Times every single encode and decode with {@link System#nanoTime()} into an HdrHistogram, the way
 * per-operation latency figures are published for the car schema, and prints one row per run and
 * direction: provider, data, run, ENC/DEC, size, median, mean, p99 (ns, nanoTime overhead subtracted).
 */
@Command(name = "driver", mixinStandardHelpOptions = true,
        description = "Per-operation latency of one or more serializers on one fixture.")
public final class Driver implements Callable<Integer> {
    private static final long MAX_NANOS = 60_000_000_000L;

    @Option(names = "--provider", split = ",", defaultValue = "peregrine",
            description = "Peer ids, comma-separated, or 'all' (default: ${DEFAULT-VALUE}).")
    private List<String> providers;

    @Option(names = "--fixture", defaultValue = "car", description = "Fixture name (default: ${DEFAULT-VALUE}).")
    private String fixture;

    @Option(names = "--data", defaultValue = "fixed",
            description = "fixed (the FIXTURES.md value), random (a new seeded value every operation) or both.")
    private String data;

    @Option(names = "--runs", defaultValue = "10", description = "Runs per provider (default: ${DEFAULT-VALUE}).")
    private int runs;

    @Option(names = "--reps", defaultValue = "1000000",
            description = "Operations per run and direction (default: ${DEFAULT-VALUE}).")
    private int reps;

    @Option(names = "--seed", defaultValue = "4242", description = "Seed of the random data (default: ${DEFAULT-VALUE}).")
    private long seed;

    private final PrintStream out = System.out;
    /** The last result; volatile so the JIT cannot drop the timed calls. */
    private volatile Object sink;

    /**
     * Runs the driver.
     *
     * @param args command-line options; {@code --help} lists them
     */
    public static void main(String[] args) {
        System.exit(new CommandLine(new Driver()).execute(args));
    }

    @Override
    public Integer call() {
        Fixture f = Fixture.named(fixture);
        long overhead = nanoTimeOverhead();
        out.printf(Locale.ROOT, "# fixture %s, %d runs x %d reps, nanoTime overhead %d ns subtracted%n",
                f, runs, reps, overhead);
        out.printf(Locale.ROOT, "%-20s %-6s %4s %-4s %8s %10s %10s %10s%n",
                "provider", "data", "run", "op", "size", "median", "mean", "p99");
        for (Peer peer : peers()) {
            if (peer.unsupported(f) != null) {
                out.printf(Locale.ROOT, "%-20s n/a: %s%n", peer.id(), peer.unsupported(f));
                continue;
            }
            for (String kind : data.equals("both") ? List.of("fixed", "random") : List.of(data)) {
                runPeer(peer, f, kind, overhead);
            }
        }
        return 0;
    }

    private List<Peer> peers() {
        List<Peer> peers = new ArrayList<>();
        for (String name : providers) {
            if (name.equals("all")) {
                peers.addAll(List.of(Peer.values()));
            } else {
                peers.add(Peer.named(name));
            }
        }
        return peers;
    }

    private void runPeer(Peer peer, Fixture f, String kind, long overhead) {
        Serializer serializer = peer.create(f);
        Object[] values = values(f, kind);
        byte[][] encoded = new byte[values.length][];
        long totalSize = 0;
        for (int i = 0; i < values.length; i++) {
            encoded[i] = serializer.serialize(values[i]);
            if (!Fixture.same(values[i], serializer.deserialize(encoded[i]))) {
                throw new IllegalStateException(peer.id() + " does not round-trip " + f);
            }
            totalSize += encoded[i].length;
        }
        long size = totalSize / values.length;
        for (int run = 1; run <= runs; run++) {
            Histogram enc = new Histogram(MAX_NANOS, 3);
            Histogram dec = new Histogram(MAX_NANOS, 3);
            timeEncode(serializer, values, enc, overhead);
            timeDecode(serializer, encoded, dec, overhead);
            row(peer.id(), kind, run, "ENC", size, enc);
            row(peer.id(), kind, run, "DEC", size, dec);
        }
    }

    private void timeEncode(Serializer serializer, Object[] values, Histogram histogram, long overhead) {
        int mask = values.length - 1;
        for (int i = 0; i < reps; i++) {
            Object value = values[i & mask];
            long start = System.nanoTime();
            byte[] bytes = serializer.serialize(value);
            long elapsed = System.nanoTime() - start - overhead;
            histogram.recordValue(Math.max(0, Math.min(elapsed, MAX_NANOS)));
            sink = bytes;
        }
    }

    private void timeDecode(Serializer serializer, byte[][] encoded, Histogram histogram, long overhead) {
        int mask = encoded.length - 1;
        for (int i = 0; i < reps; i++) {
            byte[] bytes = encoded[i & mask];
            long start = System.nanoTime();
            Object value = serializer.deserialize(bytes);
            long elapsed = System.nanoTime() - start - overhead;
            histogram.recordValue(Math.max(0, Math.min(elapsed, MAX_NANOS)));
            sink = value;
        }
    }

    private void row(String provider, String kind, int run, String op, long size, Histogram h) {
        out.printf(Locale.ROOT, "%-20s %-6s %4d %-4s %8d %10d %10.1f %10d%n", provider, kind, run, op, size,
                h.getValueAtPercentile(50), h.getMean(), h.getValueAtPercentile(99));
    }

    /** Fixed data is one value; random data is a power-of-two pool of seeded values, cycled through. */
    private Object[] values(Fixture f, String kind) {
        if (kind.equals("fixed")) {
            return new Object[] {f.value()};
        }
        if (!kind.equals("random")) {
            throw new IllegalArgumentException("--data must be fixed, random or both, not " + kind);
        }
        Random random = new Random(seed);
        Object[] values = new Object[f.rootType().isArray() ? 64 : 4096];
        for (int i = 0; i < values.length; i++) {
            values[i] = f.random(random);
        }
        return values;
    }

    /** The median cost of one back-to-back pair of nanoTime calls. */
    private static long nanoTimeOverhead() {
        Histogram h = new Histogram(MAX_NANOS, 3);
        for (int i = 0; i < 2_000_000; i++) {
            long start = System.nanoTime();
            h.recordValue(System.nanoTime() - start);
        }
        return h.getValueAtPercentile(50);
    }
}
