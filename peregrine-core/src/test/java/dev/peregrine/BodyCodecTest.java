package dev.peregrine;

import dev.peregrine.codec.TypeCodec;
import dev.peregrine.codegen.GeneratedCodec;
import dev.peregrine.compat.CompatibleCodec;
import dev.peregrine.registry.TypeRegistry;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * A compatible {@code Codec} writes and reads the body after its preload by body codecs, which ask
 * no def table in untagged positions (CodecFactory.bodyCodecFor). These check that the body codecs
 * write exactly what the classes' own codecs write there, and read it back, for every kind of
 * position: nested objects, list elements by the generated loop and by the general path, arrays,
 * enums, enum sets, map values, and a tagged field whose object's own fields go back to the
 * def-aware codecs.
 */
class BodyCodecTest {
    enum Colour { RED, GREEN, BLUE }

    static final class Leaf {
        int n;
        String s;
        Colour colour;

        Leaf() {
        }

        Leaf(int n, String s, Colour colour) {
            this.n = n;
            this.s = s;
            this.colour = colour;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Leaf l && l.n == n && Objects.equals(l.s, s) && l.colour == colour;
        }

        @Override
        public int hashCode() {
            return n;
        }
    }

    static final class Other {
        int x;
        Leaf leaf;

        Other() {
        }

        Other(int x, Leaf leaf) {
            this.x = x;
            this.leaf = leaf;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Other other && other.x == x && Objects.equals(other.leaf, leaf);
        }

        @Override
        public int hashCode() {
            return x;
        }
    }

    static final class Node {
        long id;
        Leaf leaf;
        Colour colour;
        List<Leaf> leaves;
        List<Leaf> linked;
        Leaf[] array;
        EnumSet<Colour> colours;
        Map<String, Leaf> byName;
        Object any;
        Node child;

        @Override
        public boolean equals(Object o) {
            return o instanceof Node n && n.id == id && Objects.equals(n.leaf, leaf) && n.colour == colour
                    && Objects.equals(n.leaves, leaves) && Objects.equals(n.linked, linked)
                    && java.util.Arrays.equals(n.array, array) && Objects.equals(n.colours, colours)
                    && Objects.equals(n.byName, byName) && Objects.equals(n.any, any) && Objects.equals(n.child, child);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(id);
        }
    }

    static final class Holder {
        int n;
        Leaf leaf;
        Colour colour;
        List<Leaf> leaves;

        @Override
        public boolean equals(Object o) {
            return o instanceof Holder h && h.n == n && Objects.equals(h.leaf, leaf) && h.colour == colour
                    && Objects.equals(h.leaves, leaves);
        }

        @Override
        public int hashCode() {
            return n;
        }
    }

    private static Holder holder() {
        Holder h = new Holder();
        h.n = 7;
        h.leaf = new Leaf(8, "unregistered", Colour.BLUE);
        h.colour = Colour.GREEN;
        h.leaves = new ArrayList<>(List.of(new Leaf(9, "in a list", Colour.RED)));
        return h;
    }

    /** Sets every class's body codec to its own codec, before any Codec asks. */
    private static Peregrine withoutBodyCodecs(Peregrine p, Class<?>... classes) {
        for (Class<?> c : classes) {
            CompatibleCodec codec = (CompatibleCodec) p.registry().codecFor(c);
            codec.useBody(codec.inner());
        }
        return p;
    }

    private static Peregrine compatible() {
        return Peregrine.builder().compatible(true).register(Node.class, Leaf.class, Colour.class, Other.class)
                .build();
    }

    private static Node node(int seed) {
        Node n = new Node();
        n.id = 1000L * seed;
        n.leaf = new Leaf(seed, "leaf" + seed, Colour.GREEN);
        n.colour = Colour.BLUE;
        n.leaves = new ArrayList<>(List.of(new Leaf(1, "a", Colour.RED), new Leaf(2, null, null)));
        n.linked = new java.util.LinkedList<>(List.of(new Leaf(3, "linked", Colour.BLUE)));
        n.array = new Leaf[] {new Leaf(4, "array", Colour.RED), null};
        n.colours = EnumSet.of(Colour.RED, Colour.BLUE);
        n.byName = new HashMap<>(Map.of("k", new Leaf(5, "value", Colour.GREEN)));
        n.any = new Other(seed, new Leaf(6, "tagged", Colour.RED));
        if (seed > 0) {
            n.child = node(seed - 1);
        }
        return n;
    }

    /** A registry whose classes' body codecs are their own codecs. */
    private static Peregrine withoutBodyCodecs() {
        return withoutBodyCodecs(compatible(), Node.class, Leaf.class, Colour.class, Other.class);
    }

    @Test
    void bodyCodecsWriteWhatTheClassesOwnCodecsWrite() {
        Codec<Node> bodies = compatible().codec(Node.class);
        Codec<Node> own = withoutBodyCodecs().codec(Node.class);
        for (int seed = 0; seed < 4; seed++) {
            Node value = node(seed);
            byte[] expected = own.encode(value);
            assertArrayEquals(expected, bodies.encode(value), "seed " + seed);
            assertEquals(value, bodies.decode(expected));
            assertEquals(value, own.decode(bodies.encode(value)));
        }
    }

    @Test
    void aUserClassWithNestedObjectsHasAGeneratedBodyCodecAndAnEnumItsOwnCodec() {
        Peregrine p = compatible();
        p.codec(Node.class);
        TypeRegistry registry = p.registry();
        CompatibleCodec node = (CompatibleCodec) registry.codecFor(Node.class);
        if (!(node.inner() instanceof GeneratedCodec)) {
            return; // the interpreter (peregrine.codegen=false): every body codec is the class's own
        }
        TypeCodec<?> body = registry.bodyCodecFor(node);
        assertInstanceOf(GeneratedCodec.class, body);
        assertNotSame(node.inner(), body);
        assertSame(body, registry.bodyCodecFor(node), "made once");
        CompatibleCodec colour = (CompatibleCodec) registry.codecFor(Colour.class);
        assertSame(colour.inner(), registry.bodyCodecFor(colour));
        // The nested classes' body codecs are made as the root's body codec links its sites.
        Codec<Node> codec = p.codec(Node.class);
        codec.decode(codec.encode(node(1)));
        CompatibleCodec leaf = (CompatibleCodec) registry.codecFor(Leaf.class);
        assertNotSame(null, leaf.body(), "Leaf's body codec made by Node's");
        assertNotSame(leaf.inner(), leaf.body());
    }

    /**
     * A final class or an enum that is not registered may sit in an untagged position, but its def
     * is not preloaded: the payload defines it where its first object sits, so no body codec may
     * stand in for it. A reader whose preload differs (here one that registers them) reads such
     * payloads by the general path.
     */
    @Test
    void unregisteredNestedClassesKeepTheirDefsWhereTheyFirstSit() {
        Peregrine writer = Peregrine.builder().compatible(true).register(Holder.class).build();
        Peregrine own = withoutBodyCodecs(Peregrine.builder().compatible(true).register(Holder.class).build(),
                Holder.class, Leaf.class, Colour.class);
        Peregrine registering = Peregrine.builder().compatible(true).register(Holder.class, Leaf.class, Colour.class)
                .build();
        Holder value = holder();
        byte[] bytes = writer.codec(Holder.class).encode(value);
        assertArrayEquals(own.codec(Holder.class).encode(value), bytes);
        assertEquals(value, writer.codec(Holder.class).decode(bytes));
        assertEquals(value, own.codec(Holder.class).decode(bytes));
        assertEquals(value, registering.codec(Holder.class).decode(bytes));
        byte[] preloaded = registering.codec(Holder.class).encode(value);
        assertEquals(value, writer.codec(Holder.class).decode(preloaded));
    }
}
