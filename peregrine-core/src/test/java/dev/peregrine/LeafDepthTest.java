package dev.peregrine;

import org.junit.jupiter.api.Test;

import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A string or an enum constant in a field counts one level of nesting, like any other value, though
 * generated codecs check the depth for such fields without stepping it (the write and read of a
 * value that holds no other). A chain whose last object holds a string, an enum constant, the same
 * string in a field declared {@code Object} (the general path) or an empty object must reach the
 * limit at the same length, when writing and when reading, on either backend.
 */
class LeafDepthTest {
    enum Colour { RED, GREEN }

    static final class Node {
        Node next;
        String name;
        Colour colour;
        Object any;
        Node leaf;
    }

    private static final int LIMIT = 9;

    private static Peregrine build(int maxDepth, boolean compatible) {
        return Peregrine.builder().register(Node.class).register(Colour.class).maxDepth(maxDepth)
                .compatible(compatible).build();
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
    private static int longestAccepted(Consumer<Node> last, boolean read, boolean compatible) {
        Peregrine limited = build(LIMIT, compatible);
        Peregrine unlimited = build(1_000, compatible);
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
        for (boolean compatible : new boolean[] {false, true}) {
            for (boolean read : new boolean[] {false, true}) {
                String how = (compatible ? "compatible " : "") + (read ? "read" : "write");
                int object = longestAccepted(n -> n.leaf = new Node(), read, compatible);
                // The root is at depth 0, each further node one deeper, and the last one's value one
                // more: at depth LIMIT for a chain of LIMIT nodes.
                assertEquals(LIMIT, object, how);
                assertEquals(object, longestAccepted(n -> n.name = "x", read, compatible), how + ", String field");
                assertEquals(object, longestAccepted(n -> n.colour = Colour.GREEN, read, compatible),
                        how + ", enum field");
                assertEquals(object, longestAccepted(n -> n.any = "x", read, compatible),
                        how + ", String in an Object field");
                assertEquals(object + 1, longestAccepted(n -> { }, read, compatible),
                        how + ", nothing in the last node");
            }
        }
    }
}
