package dev.peregrine;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Erasure lets an unchecked cast or a raw type put a value of any class into a generic field or
 * collection. Every reader refuses a value whose class the slot does not declare, so a writer that
 * took it would store bytes nobody can read back: the writer refuses it instead, on every way in,
 * and the same instance goes on writing honest values.
 */
class HeapPollutionTest {
    public enum Colour { RED, GREEN }

    public enum Size { S, M, L }

    /** An enum without constants: its sets and maps are always empty. */
    public enum Nothing { }

    /** A class of the same shape as {@link Part} that is not one. */
    public static final class Other {
        public int weight;
    }

    public static final class Part {
        public int weight;

        public Part() {
        }

        Part(int weight) {
            this.weight = weight;
        }
    }

    public static final class Holder {
        public EnumSet<Colour> colours;
        public List<Part> parts;
        public Map<String, Integer> counts;
        public List<String> names;
        public Optional<Part> spare;
        public EnumMap<Colour, Part> byColour;
        public Map<Colour, Integer> tally;
        public List<Object> everything;
    }

    /** A polluting assignment, and how the refusal starts. */
    record Pollution(String what, Consumer<Holder> pollute, String refusal) {
        Pollution(String what, Consumer<Holder> pollute, Class<?> smuggled, Class<?> declared) {
            this(what, pollute, "a value of class " + smuggled.getName() + " where " + declared.getName()
                    + " is declared");
        }

        @Override
        public String toString() {
            return what;
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static Stream<Pollution> pollutions() {
        return Stream.of(
                new Pollution("EnumSet<Colour> holding Size", h -> h.colours = (EnumSet) EnumSet.of(Size.M),
                        Size.class, Colour.class),
                new Pollution("EnumSet<Colour> holding an empty set of an enum without constants",
                        h -> h.colours = (EnumSet) EnumSet.noneOf(Nothing.class),
                        "an EnumSet of an enum without constants cannot be serialized where " + Colour.class.getName()),
                new Pollution("EnumMap<Colour, Part> keyed by Size",
                        h -> h.byColour = new EnumMap(Map.of(Size.S, new Part(1))), Size.class, Colour.class),
                new Pollution("EnumMap<Colour, Part> empty, keyed by Size",
                        h -> h.byColour = (EnumMap) new EnumMap<Size, Part>(Size.class),
                        "an empty EnumMap whose key type is not " + Colour.class.getName()),
                new Pollution("Map<Colour, Integer> holding an empty EnumMap keyed by Size",
                        h -> h.tally = (Map) new EnumMap<Size, Integer>(Size.class),
                        "an empty EnumMap whose key type is not " + Colour.class.getName()),
                new Pollution("List<Part> holding a String",
                        h -> h.parts = (List) new ArrayList<>(List.of("bolt")), String.class, Part.class),
                new Pollution("List<Part> holding a Long after a Part",
                        h -> h.parts = (List) new ArrayList<>(List.of(new Part(1), 7L)), Long.class, Part.class),
                new Pollution("List<Part> and List<Object> holding the same Other", h -> {
                    // With references tracked, one of the two lists holds a back reference to it, whichever
                    // the writer meets first: refused either way.
                    Other o = new Other();
                    h.everything = new ArrayList<>(List.of(o));
                    h.parts = (List) new ArrayList<>(List.of(new Part(1), o));
                }, Other.class, Part.class),
                new Pollution("Map<String, Integer> with an Integer key",
                        h -> h.counts = (Map) new HashMap<>(Map.of(1, 2)), Integer.class, String.class),
                new Pollution("Map<String, Integer> with a String value",
                        h -> h.counts = (Map) new HashMap<>(Map.of("k", "v")), String.class, Integer.class),
                new Pollution("List<String> holding an Integer",
                        h -> h.names = (List) new ArrayList<>(List.of(5)), Integer.class, String.class),
                new Pollution("List<String> holding a Part",
                        h -> h.names = (List) new ArrayList<>(List.of(new Part(2))), Part.class, String.class),
                new Pollution("Optional<Part> holding a String",
                        h -> h.spare = (Optional) Optional.of("spare"), String.class, Part.class));
    }

    private static Holder honest() {
        Holder h = new Holder();
        h.colours = EnumSet.of(Colour.GREEN);
        h.parts = new ArrayList<>(List.of(new Part(3)));
        h.counts = new HashMap<>(Map.of("k", 1));
        h.names = new ArrayList<>(List.of("n"));
        h.spare = Optional.of(new Part(4));
        h.byColour = new EnumMap<>(Colour.class);
        h.tally = new EnumMap<>(Map.of(Colour.RED, 2));
        Part shared = new Part(5);
        h.everything = new ArrayList<>(List.of(shared, "x"));
        h.parts.add(shared);
        return h;
    }

    private static void assertRefused(Pollution p, Runnable write) {
        UnsupportedTypeException e = assertThrows(UnsupportedTypeException.class, write::run, p.what());
        assertTrue(e.getMessage().startsWith(p.refusal()), e.getMessage());
    }

    @ParameterizedTest
    @MethodSource("pollutions")
    void everyWayInRefusesItAndKeepsWriting(Pollution pollution) {
        Holder polluted = honest();
        pollution.pollute().accept(polluted);
        for (boolean compatible : new boolean[] {false, true}) {
            for (boolean references : new boolean[] {false, true}) {
                Peregrine p = Peregrine.builder().register(Holder.class, Part.class, Other.class, Colour.class, Size.class, Nothing.class)
                        .compatible(compatible).referenceTracking(references).build();
                Codec<Holder> codec = p.codec(Holder.class);
                assertRefused(pollution, () -> codec.encode(polluted));
                assertRefused(pollution, () -> p.serialize(polluted));
                assertRefused(pollution, () -> p.serialize(polluted, new byte[4096], 0));
                assertRefused(pollution, () -> p.serialize(polluted, new ByteArrayOutputStream()));
                // A stream refuses the value without a trace: the frames around it read back (in
                // the compatible format, the defs the refused write had meant to carry are not
                // taken as carried).
                ByteArrayOutputStream stream = new ByteArrayOutputStream();
                try (StreamWriter w = p.newStreamWriter(stream)) {
                    assertRefused(pollution, () -> w.write(polluted));
                    w.write(honest());
                    assertRefused(pollution, () -> w.write(polluted));
                    w.write(honest());
                }
                try (StreamReader r = p.newStreamReader(new ByteArrayInputStream(stream.toByteArray()))) {
                    for (int i = 0; i < 2; i++) {
                        Holder h = r.read(Holder.class);
                        assertEquals(3, h.parts.get(0).weight);
                        assertEquals(Map.of("k", 1), h.counts);
                    }
                    assertThrows(PeregrineException.class, () -> r.read(Holder.class), "no third frame");
                }
                // The same instances, once they have refused, write and read honest values.
                Holder back = codec.decode(codec.encode(honest()));
                assertEquals(List.of("n"), back.names);
                assertEquals(EnumSet.of(Colour.GREEN), back.colours);
                Holder again = (Holder) p.deserialize(p.serialize(honest()));
                assertEquals(4, again.spare.orElseThrow().weight);
                assertEquals(new EnumMap<>(Colour.class), again.byColour);
                assertEquals(Map.of(Colour.RED, 2), again.tally);
                assertEquals(5, ((Part) again.everything.get(0)).weight);
                assertEquals(5, again.parts.get(1).weight);
            }
        }
    }
}
