package dev.peregrine.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.peregrine.benchmarks.report.Report;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The driver and the report generator run end to end on tiny inputs. */
class ToolsTest {
    @Test
    void driverPrintsOneRowPerRunAndDirection() {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        int exit;
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            exit = new CommandLine(new Driver()).execute("--provider", "hand,kryo", "--fixture", "car", "--data",
                    "both", "--runs", "2", "--reps", "50");
        } finally {
            System.setOut(original);
        }
        assertEquals(0, exit);
        String out = captured.toString(StandardCharsets.UTF_8);
        assertEquals(16, out.lines().filter(l -> l.contains(" ENC ") || l.contains(" DEC ")).count(), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("hand +fixed +1 +ENC +117 .*")), out);
    }

    @Test
    void reportWritesMarkdownHtmlAndCharts(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("jmh.json");
        Files.writeString(json, "[" + entry("serialize", "peregrine", 100) + "," + entry("serialize", "kryo", 50)
                + "," + entry("deserialize", "kryo", 70) + "]");
        Report.main(new String[] {"--jmh", json.toString(), "--out", dir.toString(), "--name", "r"});
        String md = Files.readString(dir.resolve("r.md"));
        assertTrue(md.contains("| kryo | 50.0 ± 1.0 | 70.0 ± 1.0 |"), md);
        assertTrue(md.contains("| 0.50 |"), md);
        assertTrue(md.contains("AMD") || md.contains("Intel") || md.contains("CPU: "), md);
        assertTrue(Files.readString(dir.resolve("r.html")).contains("<img src=\"r-car-time.png\""));
        assertTrue(Files.size(dir.resolve("r-car-time.png")) > 1000);
        assertTrue(Files.size(dir.resolve("r-struct-bytes.png")) > 1000);
    }

    @Test
    void reportTakesTimesFromOneRunAndAllocationFromAnother(@TempDir Path dir) throws Exception {
        // The times of a run without a profiler, the allocation of a second pass with -prof gc:
        // each figure must come from its own file.
        Path times = dir.resolve("jmh.json");
        Files.writeString(times, "[" + entry("serialize", "kryo", 50, 128) + "," + entry("deserialize", "kryo", 70, 128)
                + "]");
        Path alloc = dir.resolve("alloc.json");
        Files.writeString(alloc, "[" + entry("serialize", "kryo", 55, 64) + "," + entry("deserialize", "kryo", 75, 32)
                + "]");
        Report.main(new String[] {"--jmh", times.toString(), "--alloc", alloc.toString(), "--out", dir.toString(),
            "--name", "r"});
        String md = Files.readString(dir.resolve("r.md"));
        assertTrue(md.contains("| kryo | 50.0 ± 1.0 | 70.0 ± 1.0 |"), md);
        assertTrue(md.contains("| 64 | 32 |"), md);
        assertTrue(!md.contains("| 128 |"), md);
        assertTrue(md.contains("no profiler; allocation (B/op) from a second pass with -prof gc"), md);
    }

    private static String entry(String op, String peer, double score) {
        return entry(op, peer, score, 128);
    }

    private static String entry(String op, String peer, double score, double allocated) {
        return "{\"jmhVersion\":\"1.37\",\"benchmark\":\"dev.peregrine.benchmarks.jmh.SerializationBenchmark." + op
                + "\",\"forks\":1,\"jdkVersion\":\"17\",\"params\":{\"peer\":\"" + peer
                + "\",\"fixture\":\"CAR\"},\"primaryMetric\":{\"score\":" + score
                + ",\"scoreError\":1.0,\"scoreUnit\":\"ns/op\"},\"secondaryMetrics\":{\"gc.alloc.rate.norm\":"
                + "{\"score\":" + allocated + "}}}";
    }
}
