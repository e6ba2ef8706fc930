package dev.peregrine;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The depth limit counts the elements of a list field the same whichever way the list is written:
 * a list of non-null elements of its declared class takes the one-pass path, a list holding a null
 * the checked path. Both must reach the limit at the same nesting, when writing and when reading,
 * and a one-pass write that rewinds must leave the depth as it found it (a change that stepped the
 * depth once per list rather than per element had to be pinned so).
 */
class ListDepthTest {
    static final class Tree {
        List<Tree> kids;
    }

    private static final int LIMIT = 12;
    /** The root tree, then one more tree per two steps of the limit. */
    private static final int DEEPEST = LIMIT / 2 + 1;
    private static final Peregrine UNLIMITED = Peregrine.builder().register(Tree.class).maxDepth(1_000).build();

    /**
     * A new instance for each case: a list field that once met a null checks its lists first from
     * then on, so a shared instance would leave the one-pass path untested.
     */
    private static Peregrine limited() {
        return Peregrine.builder().register(Tree.class).maxDepth(LIMIT).build();
    }

    /** A chain of {@code levels} trees, each list holding the next one (and a null when asked). */
    private static Tree chain(int levels, boolean withNull) {
        Tree root = new Tree();
        Tree t = root;
        for (int i = 1; i < levels; i++) {
            Tree kid = new Tree();
            t.kids = withNull ? new ArrayList<>(Arrays.asList(kid, null)) : new ArrayList<>(List.of(kid));
            t = kid;
        }
        return root;
    }

    /** The most levels a chain may have before writing it, or reading it when {@code read}, reports the depth limit. */
    private static int deepestAccepted(boolean withNull, boolean read) {
        Peregrine limited = limited();
        for (int levels = 1; levels < 100; levels++) {
            Tree tree = chain(levels, withNull);
            try {
                if (read) {
                    limited.deserialize(UNLIMITED.serialize(tree));
                } else {
                    limited.serialize(tree);
                }
            } catch (LimitExceededException e) {
                return levels - 1;
            }
        }
        throw new AssertionError("no depth limit reached");
    }

    @Test
    void bothListPathsReachTheDepthLimitAtTheSameNesting() {
        int written = deepestAccepted(true, false);
        assertEquals(written, deepestAccepted(false, false), "write");
        assertEquals(written, deepestAccepted(true, true), "read, checked path");
        assertEquals(written, deepestAccepted(false, true), "read, one-pass path");
        // Below the root, each level is a list and its tree: two steps of the limit.
        assertEquals(DEEPEST, written);
    }

    @Test
    void aListThatTurnsOutMixedLeavesTheDepthAsItFoundIt() {
        // The one-pass write meets the null only after its first element, rewinds and writes the
        // list again by the checked path; the depth it had entered must be left, or every later
        // list of the same write would be one level deeper.
        Peregrine limited = limited();
        limited.serialize(chain(3, false));
        Tree root = new Tree();
        Tree mixed = new Tree();
        mixed.kids = new ArrayList<>(Arrays.asList(new Tree(), null));
        List<Tree> kids = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            kids.add(i == 0 ? mixed : chain(DEEPEST - 1, false));
        }
        root.kids = kids;
        Tree back = (Tree) limited.deserialize(limited.serialize(root));
        assertEquals(20, back.kids.size());
        assertThrows(LimitExceededException.class, () -> limited.serialize(chain(DEEPEST + 1, false)));
    }
}
