package dev.peregrine;

import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.peregrine.RoundTrip.check;

class ArrayTest {
    private final Peregrine p = Peregrine.builder().build();

    @Test
    void primitiveArrays() {
        check(p, new boolean[] {true, false, true}, 2 + 1 + 3);
        check(p, new byte[] {1, -2, 3}, 2 + 1 + 3);
        check(p, new short[] {-1234, 0, 12345}, 2 + 1 + 2 + 1 + 3);
        check(p, "asdfASDF".toCharArray(), 2 + 1 + 8);
        check(p, new int[] {0, 1, 2, 3, 4}, 2 + 1 + 5);
        check(p, new long[] {Long.MIN_VALUE, 0}, 2 + 1 + 9 + 1);
        check(p, new float[] {-12.34f, 0, Float.NaN}, 2 + 1 + 12);
        check(p, new double[] {1.234, -0d}, 2 + 1 + 16);
        check(p, new int[0], 3);
        double[] large = new double[10_000];
        for (int i = 0; i < large.length; i++) {
            large[i] = i * 0.5 - 7;
        }
        check(p, large, 2 + 2 + 80_000);
        check(p, new float[] {Float.MIN_VALUE, -0f, Float.NEGATIVE_INFINITY, 3.5f}, 2 + 1 + 16);
    }

    @Test
    void objectArrays() {
        check(p, new String[] {"a", null, "b"});
        check(p, new String[0]);
        check(p, new Object[] {1, "two", 3.0, null, List.of(4)});
        check(p, new Integer[] {1, 2, null});
        check(p, new Number[] {1, 2L, 3.5});
        check(p, new CharSequence[] {"x", new StringBuilder("y").toString()});
    }

    @Test
    void multiDimensionalArrays() {
        check(p, new int[][] {{1, 2}, {}, null, {3}});
        check(p, new String[][][] {{{"a"}, {"b", null}}, {}});
        check(p, new Object[][] {{1}, {"x"}});
        check(p, new long[2][3][4]);
    }
}
