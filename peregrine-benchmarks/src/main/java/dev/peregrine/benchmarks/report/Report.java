package dev.peregrine.benchmarks.report;

import dev.peregrine.benchmarks.fixtures.Fixture;
import dev.peregrine.benchmarks.peers.Peer;
import dev.peregrine.benchmarks.peers.Serializer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns JMH's JSON results into {@code <name>.md} and {@code <name>.html} with per-fixture tables and PNG bar
 * charts. Payload sizes are measured here, on the same fixture values the benchmarks use.
 *
 * <p>Usage: {@code Report --jmh results.json [--alloc allocation.json] [--startup startup.json] --out DIR
 * --name NAME [--mode MODE]}. With {@code --alloc}, the times come from a run without a profiler and the
 * allocation figures from a second, shorter run with {@code -prof gc}: the profiler changes when C2
 * compiles what, and with it some JIT modes (docs/DESIGN.md, thirty-fourth round).
 */
public final class Report {
    private static final String BASELINE = "peregrine";
    private static final String[] HEADER = {"peer", "serialize ns/op", "deserialize ns/op", "round trip ns/op",
        "ser into array ns/op", "serialize ops/s", "deserialize ops/s", "ser alloc B/op", "deser alloc B/op", "bytes", "deflated",
        "ser / Peregrine", "deser / Peregrine"};

    private final JmhResults jmh;
    private final JmhResults startup;
    private final Path outDir;
    private final String name;
    private final String mode;
    /** How the allocation figures were measured, for the settings line. */
    private final String allocationNote;

    private Report(JmhResults jmh, JmhResults startup, Path outDir, String name, String mode, String allocationNote) {
        this.jmh = jmh;
        this.allocationNote = allocationNote;
        this.startup = startup;
        this.outDir = outDir;
        this.name = name;
        this.mode = mode;
    }

    /**
     * Writes the report.
     *
     * @param args see the class comment
     * @throws IOException if a file cannot be read or written
     */
    public static void main(String[] args) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Path jmhFile = null;
        Path startupFile = null;
        Path allocFile = null;
        Path out = Paths.get("benchmarks/results");
        String name = "report";
        String mode = "quick";
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--jmh": jmhFile = Paths.get(args[i + 1]); break;
                case "--startup": startupFile = Paths.get(args[i + 1]); break;
                case "--alloc": allocFile = Paths.get(args[i + 1]); break;
                case "--out": out = Paths.get(args[i + 1]); break;
                case "--name": name = args[i + 1]; break;
                case "--mode": mode = args[i + 1]; break;
                default: throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Files.createDirectories(out);
        JmhResults jmh = JmhResults.read(jmhFile);
        String allocationNote = ", -prof gc";
        if (allocFile != null) {
            JmhResults allocation = JmhResults.read(allocFile);
            jmh = jmh.withAllocationFrom(allocation);
            allocationNote = ", no profiler; allocation (B/op) from a second pass with -prof gc, "
                    + allocation.setting("forks") + " fork(s), " + allocation.setting("warmupIterations") + " x "
                    + allocation.setting("warmupTime") + " warm-up, " + allocation.setting("measurementIterations")
                    + " x " + allocation.setting("measurementTime");
        }
        new Report(jmh, JmhResults.read(startupFile), out, name, mode, allocationNote).write();
    }

    private void write() throws IOException {
        Document doc = new Document(name);
        header(doc);
        summarySection(doc);
        for (Fixture fixture : Fixture.values()) {
            fixtureSection(doc, fixture);
        }
        startupSection(doc);
        Files.writeString(outDir.resolve(name + ".md"), doc.markdown(), StandardCharsets.UTF_8);
        Files.writeString(outDir.resolve(name + ".html"), doc.html(), StandardCharsets.UTF_8);
        System.out.println("report: " + outDir.resolve(name + ".md") + " and .html");
    }

    private void header(Document doc) {
        doc.heading(1, "Peregrine benchmarks, " + name);
        doc.heading(2, "Rules");
        doc.bullets(List.of(
                "Every peer encodes the same fixture objects (FIXTURES.md), built by the shared fixtures package.",
                "Every benchmark round-trips its value and checks equality in its setup, before anything is timed.",
                "Every result is consumed by a JMH Blackhole.",
                "Each peer runs in its fastest honest configuration, listed below; none is handicapped.",
                "Peregrine's classes load from its own jar (peregrine-core), apart from the benchmark and "
                        + "fixture classes, as they would in an application.",
                "Where a peer does more or less work, it is said here: Jackson and Gson write JSON text with "
                        + "field names (Jackson writes bean properties through getters for SomeBean); protobuf "
                        + "times include copying the object to and from its generated message; JDK serialization "
                        + "writes class descriptors and always tracks references; the hand-written codec writes "
                        + "exactly the bytes of Peregrine's Codec (a test compares them), knows the schema at "
                        + "compile time and checks nothing it reads.",
                "A ratio is the peer's time divided by Peregrine's (above 1: slower than Peregrine).",
                "\"not run\" marks an operation the chosen mode skips (encoding into a reused array runs "
                        + "in --full mode only, for the peers that support it)."));
        doc.heading(2, "Machine and settings");
        doc.bullets(List.of(
                "Date: " + java.time.LocalDate.now(java.time.ZoneOffset.UTC),
                "JDK: " + jmh.setting("jdkVersion") + " (" + jmh.setting("vmName") + " " + jmh.setting("vmVersion") + ")",
                "CPU: " + cpu() + ", " + Runtime.getRuntime().availableProcessors() + " of " + onlineCpus()
                        + " logical cores available to the benchmark JVMs",
                "Code: commit " + System.getProperty("bench.commit", "unknown"),
                "JMH " + jmh.setting("jmhVersion") + ", mode " + mode + ": " + jmh.setting("forks") + " fork(s), "
                        + jmh.setting("warmupIterations") + " x " + jmh.setting("warmupTime") + " warm-up, "
                        + jmh.setting("measurementIterations") + " x " + jmh.setting("measurementTime")
                        + " measurement, average time" + allocationNote,
                "Payload sizes are of the fixed fixture value; deflated with java.util.zip.Deflater, default level."));
        doc.heading(2, "Peers");
        List<String> peers = new ArrayList<>();
        for (Peer peer : measuredPeers()) {
            peers.add(peer.id() + ": " + peer.settings());
        }
        doc.bullets(peers);
    }

    private void fixtureSection(Document doc, Fixture fixture) throws IOException {
        doc.heading(2, fixture.name());
        String f = fixture.name();
        JmhResults.Score baseSer = jmh.score("serialize", BASELINE, f);
        JmhResults.Score baseDeser = jmh.score("deserialize", BASELINE, f);
        List<String[]> rows = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<Double> ser = new ArrayList<>();
        List<Double> deser = new ArrayList<>();
        List<Double> bytes = new ArrayList<>();
        for (Peer peer : measuredPeers()) {
            String reason = peer.unsupported(fixture);
            if (reason != null) {
                rows.add(new String[] {peer.id(), "n/a: " + reason, "", "", "", "", "", "", "", "", "", "", ""});
                continue;
            }
            Serializer serializer = peer.create(fixture);
            int[] sizes = sizesOrNull(serializer, fixture);
            JmhResults.Score s = jmh.score("serialize", peer.id(), f);
            JmhResults.Score d = jmh.score("deserialize", peer.id(), f);
            JmhResults.Score r = jmh.score("roundTrip", peer.id(), f);
            JmhResults.Score into = jmh.score("serializeInto", peer.id(), f);
            String intoText = into == null && !serializer.encodesIntoArray() ? "n/a" : time(into);
            rows.add(new String[] {peer.id(), time(s), time(d), time(r), intoText, opsPerSecond(s), opsPerSecond(d),
                alloc(s), alloc(d), sizes == null ? "error" : Integer.toString(sizes[0]),
                sizes == null ? "error" : Integer.toString(sizes[1]), ratio(s, baseSer), ratio(d, baseDeser)});
            names.add(peer.id());
            ser.add(s == null ? 0 : s.value);
            deser.add(d == null ? 0 : d.value);
            bytes.add(sizes == null ? 0.0 : sizes[0]);
        }
        doc.table(HEADER, rows, "not run");
        String timeChart = name + "-" + f.toLowerCase(Locale.ROOT) + "-time";
        String sizeChart = name + "-" + f.toLowerCase(Locale.ROOT) + "-bytes";
        if (!jmh.isEmpty()) {
            Charts.bars(outDir.resolve(timeChart), fixture.name() + ": time per operation", "ns/op", names,
                    List.of("serialize", "deserialize"), List.of(ser, deser));
            doc.image(timeChart + ".png", fixture.name() + " time per operation");
        }
        Charts.bars(outDir.resolve(sizeChart), fixture.name() + ": payload size", "bytes", names,
                List.of("bytes"), List.of(bytes));
        doc.image(sizeChart + ".png", fixture.name() + " payload size");
    }

    /**
     * One row per fixture: Peregrine's fast path ({@code Codec}) in ns/op, and how many times slower
     * Fory, Kryo and the hand-written codec are (below 1: faster than Peregrine).
     */
    private void summarySection(Document doc) {
        if (jmh.isEmpty()) {
            return;
        }
        doc.heading(2, "Summary");
        doc.paragraph("Peregrine's Codec path (peregrine-codec) in ns/op, and each peer's time divided by it "
                + "(above 1: the peer is slower). Serialize / deserialize / round trip.");
        List<String[]> rows = ratioRows("peregrine-codec",
                new String[][] {{"fory", "peregrine-codec"}, {"kryo", "peregrine-codec"}, {"hand", "peregrine-codec"}});
        doc.table(new String[] {"fixture", "Peregrine Codec ns/op", "Fory / Peregrine", "Kryo / Peregrine",
            "hand-written / Peregrine"}, rows, null);
        ratioSummary(doc, "peregrine", "serialize(Object) and deserialize(byte[], Class)", "Peregrine's "
                + "default calls (peregrine: the root's type tag in the payload, no Codec) in ns/op, their time "
                + "divided by the Codec's, and Fory's divided by theirs (above 1: Fory is slower). Serialize / "
                + "deserialize / round trip.", new String[][] {{"peregrine", "peregrine-codec"}, {"fory", "peregrine"}},
                new String[] {"fixture", "Peregrine serialize(Object) ns/op", "serialize(Object) / Codec",
                    "Fory / Peregrine serialize(Object)"});
        // The compatible format, when the run measured it: its cost over the same-schema Codec (the
        // target is at most 1.3) and Fory's compatible mode against it (above 1: Fory is slower).
        ratioSummary(doc, "peregrine-compatible", "Compatible format", "Peregrine's compatible format "
                + "(peregrine-compatible, Codec path, class definitions in every payload) in ns/op; its time divided "
                + "by the same-schema Codec's (target: at most 1.3); Fory's compatible mode divided by it (above 1: "
                + "Fory is slower); and Fory's own compatible cost (fory-compatible / fory). Serialize / deserialize "
                + "/ round trip.", new String[][] {
                    {"peregrine-compatible", "peregrine-codec"}, {"fory-compatible", "peregrine-compatible"},
                    {"fory-compatible", "fory"}},
                new String[] {"fixture", "Peregrine compatible ns/op", "compatible / same-schema Codec",
                    "Fory compatible / Peregrine compatible", "Fory compatible / Fory"});
        ratioSummary(doc, "peregrine-compatible-stream", "Compatible format in a session", "Peregrine's "
                + "compatible format through a stream session (peregrine-compatible-stream: class definitions once "
                + "per stream, each value one frame) in ns/op; its time divided by the same-schema Codec's (one "
                + "payload per call, no frame); divided by the same-schema format's through the same session "
                + "(peregrine-stream), which leaves out what framing values on a stream costs; and Fory's "
                + "compatible mode with its metadata shared across the calls of a session (fory-compatible-shared) "
                + "divided by it (above 1: Fory is slower). Serialize / deserialize / round trip.", new String[][] {
                    {"peregrine-compatible-stream", "peregrine-codec"},
                    {"peregrine-compatible-stream", "peregrine-stream"},
                    {"fory-compatible-shared", "peregrine-compatible-stream"}},
                new String[] {"fixture", "Peregrine compatible stream ns/op", "stream / same-schema Codec",
                    "stream / same-schema stream", "Fory compatible shared / Peregrine compatible stream"});
    }

    /**
     * A table of one peer's ns/op and its ratios, under its own heading, when the run measured that
     * peer.
     *
     * @param peer    the peer whose ns/op the table shows
     * @param ratios  pairs of peers {numerator, denominator}, as {@link #ratioRows}
     * @param columns the table's headings
     */
    private void ratioSummary(Document doc, String peer, String heading, String text, String[][] ratios,
                              String[] columns) {
        if (measuredPeers().stream().noneMatch(p -> p.id().equals(peer))) {
            return;
        }
        doc.heading(3, heading);
        doc.paragraph(text);
        doc.table(columns, ratioRows(peer, ratios), null);
    }

    /**
     * One row per fixture: the peer's ns/op, then one cell per ratio, each cell serialize /
     * deserialize / round trip.
     *
     * @param peer   whose ns/op the second column shows
     * @param ratios pairs of peers {numerator, denominator}
     */
    private List<String[]> ratioRows(String peer, String[][] ratios) {
        List<String[]> rows = new ArrayList<>();
        for (Fixture fixture : Fixture.values()) {
            String f = fixture.name();
            StringBuilder own = new StringBuilder();
            StringBuilder[] cells = new StringBuilder[ratios.length];
            for (int i = 0; i < cells.length; i++) {
                cells[i] = new StringBuilder();
            }
            for (String op : List.of("serialize", "deserialize", "roundTrip")) {
                String sep = op.equals("serialize") ? "" : " / ";
                JmhResults.Score score = jmh.score(op, peer, f);
                own.append(sep).append(score == null ? "-" : String.format(Locale.ROOT, "%.0f", score.value));
                for (int i = 0; i < ratios.length; i++) {
                    cells[i].append(sep).append(ratioOrDash(jmh.score(op, ratios[i][0], f), jmh.score(op, ratios[i][1], f)));
                }
            }
            String[] row = new String[2 + ratios.length];
            row[0] = f;
            row[1] = own.toString();
            for (int i = 0; i < ratios.length; i++) {
                row[2 + i] = cells[i].toString();
            }
            rows.add(row);
        }
        return rows;
    }

    private static String ratioOrDash(JmhResults.Score s, JmhResults.Score base) {
        return s == null || base == null ? "-" : ratio(s, base);
    }

    private static int[] sizesOrNull(Serializer serializer, Fixture fixture) {
        try {
            return Payloads.sizes(serializer, fixture);
        } catch (RuntimeException e) {
            System.err.println("size of " + fixture + " with " + serializer.name() + " failed: " + e);
            return null;
        }
    }

    private void startupSection(Document doc) {
        if (startup.isEmpty()) {
            return;
        }
        doc.heading(2, "Start-up: time to the first encode in a fresh JVM");
        doc.paragraph("Creating the peer (registration, code generation) and encoding the CAR value once, "
                + "one sample per fork (" + startup.setting("forks") + " forks), JMH single-shot time.");
        List<String[]> rows = new ArrayList<>();
        for (Peer peer : Peer.values()) {
            JmhResults.Score s = startup.score("firstSerialize", peer.id(), "CAR");
            rows.add(new String[] {peer.id(), s == null ? "not run" : time(s) + " " + s.unit});
        }
        doc.table(new String[] {"peer", "first serialize"}, rows, null);
    }

    /** The peers this run measured on any fixture, in report order; a run may restrict its peers. */
    private List<Peer> measuredPeers() {
        List<Peer> measured = new ArrayList<>();
        for (Peer peer : Peer.values()) {
            for (Fixture fixture : Fixture.values()) {
                if (jmh.score("serialize", peer.id(), fixture.name()) != null
                        || jmh.score("deserialize", peer.id(), fixture.name()) != null) {
                    measured.add(peer);
                    break;
                }
            }
        }
        return measured;
    }

    private static String time(JmhResults.Score s) {
        if (s == null) {
            return "not run";
        }
        return Double.isNaN(s.error) ? String.format(Locale.ROOT, "%.1f", s.value)
                : String.format(Locale.ROOT, "%.1f ± %.1f", s.value, s.error);
    }

    private static String opsPerSecond(JmhResults.Score s) {
        return s == null ? "" : String.format(Locale.ROOT, "%,.0f", 1e9 / s.value);
    }

    private static String alloc(JmhResults.Score s) {
        return s == null || Double.isNaN(s.allocated) ? "" : String.format(Locale.ROOT, "%.0f", s.allocated);
    }

    private static String ratio(JmhResults.Score s, JmhResults.Score base) {
        return s == null || base == null ? "n/a" : String.format(Locale.ROOT, "%.2f", s.value / base.value);
    }

    private static long onlineCpus() {
        try {
            return Files.readAllLines(Paths.get("/proc/cpuinfo")).stream()
                    .filter(line -> line.startsWith("processor")).count();
        } catch (IOException e) {
            return Runtime.getRuntime().availableProcessors();
        }
    }

    private static String cpu() {
        try {
            for (String line : Files.readAllLines(Paths.get("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException e) {
            return System.getProperty("os.arch");
        }
        return System.getProperty("os.arch");
    }
}
