package dev.peregrine.benchmarks.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The scores of one JMH JSON result file ({@code -rf json}), keyed by operation, peer and fixture. */
final class JmhResults {
    /** One benchmark's score. */
    static final class Score {
        final double value;
        final double error;
        final String unit;
        /** Bytes allocated per operation ({@code -prof gc}), NaN when not measured. */
        final double allocated;

        Score(double value, double error, String unit, double allocated) {
            this.value = value;
            this.error = error;
            this.unit = unit;
            this.allocated = allocated;
        }
    }

    private final Map<String, Score> scores = new HashMap<>();
    private final List<JsonNode> entries = new ArrayList<>();

    /**
     * Reads a result file; a missing file gives empty results.
     *
     * @param file the JSON file
     * @return the results
     * @throws IOException if the file cannot be read or parsed
     */
    static JmhResults read(Path file) throws IOException {
        JmhResults results = new JmhResults();
        if (file == null || !Files.isRegularFile(file) || Files.size(file) == 0) {
            return results;
        }
        for (JsonNode entry : new ObjectMapper().readTree(file.toFile())) {
            results.entries.add(entry);
            String benchmark = entry.path("benchmark").asText();
            String op = benchmark.substring(benchmark.lastIndexOf('.') + 1);
            JsonNode params = entry.path("params");
            JsonNode primary = entry.path("primaryMetric");
            double error = primary.path("scoreError").asDouble(Double.NaN);
            results.scores.put(key(op, params.path("peer").asText(), params.path("fixture").asText()),
                    new Score(primary.path("score").asDouble(), error, primary.path("scoreUnit").asText(),
                            allocated(entry.path("secondaryMetrics"))));
        }
        return results;
    }

    /**
     * These results with each score's allocation taken from another run of the same benchmarks
     * (a pass with {@code -prof gc}); a score that run lacks keeps no allocation figure.
     *
     * @param allocation the allocation pass's results
     * @return new results
     */
    JmhResults withAllocationFrom(JmhResults allocation) {
        JmhResults merged = new JmhResults();
        merged.entries.addAll(entries);
        scores.forEach((key, s) -> {
            Score a = allocation.scores.get(key);
            merged.scores.put(key, new Score(s.value, s.error, s.unit, a == null ? Double.NaN : a.allocated));
        });
        return merged;
    }

    private static double allocated(JsonNode secondary) {
        for (Map.Entry<String, JsonNode> metric : secondary.properties()) {
            if (metric.getKey().endsWith("gc.alloc.rate.norm")) {
                return metric.getValue().path("score").asDouble(Double.NaN);
            }
        }
        return Double.NaN;
    }

    private static String key(String op, String peer, String fixture) {
        return op + '|' + peer + '|' + fixture;
    }

    /**
     * Finds a score.
     *
     * @param op benchmark method name, e.g. {@code serialize}
     * @param peer peer id
     * @param fixture fixture name
     * @return the score, or null if that benchmark did not run
     */
    Score score(String op, String peer, String fixture) {
        return scores.get(key(op, peer, fixture));
    }

    /** @return whether no benchmark result was read */
    boolean isEmpty() {
        return entries.isEmpty();
    }

    /**
     * Reads a run setting from the first result.
     *
     * @param field JSON field, e.g. {@code jdkVersion}
     * @return its text, or "?" without results
     */
    String setting(String field) {
        return entries.isEmpty() ? "?" : entries.get(0).path(field).asText("?");
    }
}
