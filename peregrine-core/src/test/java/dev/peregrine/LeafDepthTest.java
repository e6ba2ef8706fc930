package dev.peregrine;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A value that holds no other (a string, an enum constant, a box, a primitive array) counts one level
 * of nesting, like any other value, though generated codecs check the depth for such fields without
 * stepping it. A chain whose last object holds one of them, a string in a field declared
 * {@code Object} (the general path) or an empty object must reach the limit at the same length,
 * when writing and when reading, on either backend, in both formats, with and without references.
 */
class LeafDepthTest {
    enum Colour { RED, GREEN }

    static final class Node {
        Node next;
        String name;
        Colour colour;
        Object any;
        Integer boxed;
        int[] ints;
        Node leaf;
        List<String> names;
    }

    private static final int LIMIT = 9;

    private static Peregrine build(int maxDepth, int mode) {
        return Peregrine.builder().register(Node.class).register(Colour.class)
                .maxDepth(maxDepth).compatible(mode % 2 == 1).referenceTracking(mode >= 2).build();
    }

    /** A chain of {@code length} nodes, the last one given its value by {@code last}. */
    private static Node chain(int length, Consumer<Node> last) {
        Node root = new Node();
        Node n = root;
        for (int i = 1; i < length; i++) {
            n.next = new Node();
            n = n.next;
        }
        last.accept(n);
        return root;
    }

    /** The longest chain written, or read when {@code read}, before the depth limit is reported. */
    private static int longestAccepted(Consumer<Node> last, boolean read, int mode) {
        Peregrine limited = build(LIMIT, mode);
        Peregrine unlimited = build(1_000, mode);
        for (int length = 1; length < 100; length++) {
            Node root = chain(length, last);
            try {
                if (read) {
                    Node back = limited.deserialize(unlimited.serialize(root), Node.class);
                    assertEquals(length, length(back));
                } else {
                    limited.serialize(root);
                }
            } catch (LimitExceededException e) {
                return length - 1;
            }
        }
        throw new AssertionError("no depth limit reached");
    }

    private static int length(Node n) {
        int length = 0;
        for (; n != null; n = n.next) {
            length++;
        }
        return length;
    }

    @Test
    void leafFieldsCountOneLevelLikeAnyOtherValue() {
        // Modes: same-schema, compatible, then each with references.
        for (int mode = 0; mode < 4; mode++) {
            for (boolean read : new boolean[] {false, true}) {
                String how = new String[] {"", "compatible ", "references ", "compatible references "}[mode]
                        + (read ? "read" : "write");
                int object = longestAccepted(n -> n.leaf = new Node(), read, mode);
                // The root is at depth 0, each further node one deeper, and the last one's value one
                // more: at depth LIMIT for a chain of LIMIT nodes.
                assertEquals(LIMIT, object, how);
                assertEquals(object, longestAccepted(n -> n.name = "x", read, mode), how + ", String field");
                assertEquals(object, longestAccepted(n -> n.colour = Colour.GREEN, read, mode), how + ", enum field");
                assertEquals(object, longestAccepted(n -> n.boxed = 7, read, mode), how + ", Integer field");
                assertEquals(object, longestAccepted(n -> n.ints = new int[] {1, 2}, read, mode), how + ", int[] field");
                assertEquals(object, longestAccepted(n -> n.any = "x", read, mode), how + ", String in an Object field");
                // The list one level down, its string one more (generated codecs write such an
                // element as they write a String field).
                assertEquals(object - 1, longestAccepted(n -> n.names = new ArrayList<>(List.of("x")), read, mode),
                        how + ", String in a List<String> field");
                assertEquals(object + 1, longestAccepted(n -> { }, read, mode), how + ", nothing in the last node");
            }
        }
    }
}
