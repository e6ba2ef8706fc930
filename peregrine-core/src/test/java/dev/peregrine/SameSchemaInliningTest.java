package dev.peregrine;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A same-schema {@code Peregrine} never loads the compatible format's classes, and C2 does not inline
 * a method whose signature names a class not yet loaded, however small (DESIGN.md, twenty-sixth round:
 * one such getter in every decode cost SimpleObject a quarter of its decode time). This runs the
 * same-schema paths hot in a child JVM with {@code -XX:+PrintInlining} and fails on any Peregrine
 * method C2 left out for that reason.
 */
class SameSchemaInliningTest {
    private static final String UNLOADED = "unloaded signature classes";

    enum Color { RED, GREEN, BLUE }

    /** A class whose write and read go through the paths that once asked for the defs. */
    public static final class Holder {
        public int id;
        public String name;
        public EnumSet<Color> colors;
        public EnumMap<Color, Integer> counts;
    }

    /** The child JVM's work: the same-schema Codec, serialize(Object) and a stream, hot. */
    public static final class Workload {
        public static void main(String[] args) throws IOException {
            Peregrine peregrine = Peregrine.builder().register(Holder.class, Color.class).build();
            Holder h = new Holder();
            h.id = 7;
            h.name = "seven";
            h.colors = EnumSet.of(Color.RED, Color.BLUE);
            h.counts = new EnumMap<>(Color.class);
            h.counts.put(Color.GREEN, 3);
            Codec<Holder> codec = peregrine.codec(Holder.class);
            long sink = 0;
            ByteArrayOutputStream frames = new ByteArrayOutputStream();
            for (int i = 0; i < 200_000; i++) {
                sink += codec.decode(codec.encode(h)).id;
                sink += peregrine.deserialize(peregrine.serialize(h), Holder.class).colors.size();
                if (i % 4 == 0) {
                    frames.reset();
                    try (StreamWriter writer = peregrine.newStreamWriter(frames)) {
                        writer.write(h);
                    }
                    try (StreamReader reader = peregrine.newStreamReader(new ByteArrayInputStream(frames.toByteArray()))) {
                        sink += reader.read(Holder.class).counts.size();
                    }
                }
            }
            System.out.println("sink " + sink);
        }
    }

    @Test
    void noSameSchemaPathNamesAnUnloadedClass() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(),
                "-XX:+UnlockDiagnosticVMOptions", "-XX:+PrintCompilation", "-XX:+PrintInlining",
                "-XX:-BackgroundCompilation", "-cp", System.getProperty("java.class.path")));
        String codegen = System.getProperty("peregrine.codegen");
        if (codegen != null) {
            command.add("-Dperegrine.codegen=" + codegen);
        }
        command.add(Workload.class.getName());
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output;
        try (InputStream in = child.getInputStream()) {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(child.waitFor(2, TimeUnit.MINUTES), "the child JVM did not finish");
        assertEquals(0, child.exitValue(), output.lines().filter(l -> !l.startsWith(" ")).limit(40)
                .collect(Collectors.joining("\n")));
        // The check can fail only if C2 compiled the decode path: Session.read's question is there.
        assertTrue(output.contains("dev.peregrine.codec.ReadContext::carriesDefs"),
                "no compile of the decode path was printed");
        String leftOut = output.lines()
                .filter(l -> l.contains("dev.peregrine") && l.contains(UNLOADED))
                .map(String::strip)
                .distinct()
                .collect(Collectors.joining("\n"));
        assertEquals("", leftOut, "Peregrine methods C2 did not inline for " + UNLOADED);
    }
}
