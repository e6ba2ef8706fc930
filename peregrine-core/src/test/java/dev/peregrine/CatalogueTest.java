package dev.peregrine;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

import static dev.peregrine.RoundTrip.check;

/** Every catalogued type alone, as a field, inside collections and maps, and null, on every I/O path. */
class CatalogueTest {
    static final class Holder {
        Object value;
        List<Object> list;
        Map<String, Object> map;
        Object[] array;

        @Override
        public boolean equals(Object o) {
            return o instanceof Holder h && Objects.deepEquals(RoundTripEq.of(h.value), RoundTripEq.of(value))
                    && Objects.equals(RoundTripEq.of(h.list), RoundTripEq.of(list))
                    && Objects.equals(RoundTripEq.of(h.map), RoundTripEq.of(map))
                    && Objects.equals(RoundTripEq.of(h.array == null ? null : Arrays.asList(h.array)),
                            RoundTripEq.of(array == null ? null : Arrays.asList(array)));
        }

        @Override
        public int hashCode() {
            return 1;
        }
    }

    /** Equality that sees through arrays and identity-equals collections, for nested catalogue values. */
    static final class RoundTripEq {
        private RoundTripEq() {
        }

        static Object of(Object o) {
            if (o instanceof List<?> l) {
                List<Object> out = new ArrayList<>();
                l.forEach(e -> out.add(of(e)));
                return out;
            }
            if (o instanceof Map<?, ?> m) {
                Map<Object, Object> out = new HashMap<>();
                m.forEach((k, v) -> out.put(k, of(v)));
                return out;
            }
            if (o instanceof java.util.ArrayDeque<?> d) {
                return new ArrayList<>(d);
            }
            if (o != null && o.getClass().isArray()) {
                return Arrays.asList(Arrays.deepToString(new Object[] {o}));
            }
            return o;
        }
    }

    private static final Peregrine PLAIN = Peregrine.builder().register(TypeCatalogue.REGISTERED)
            .register(Holder.class).build();
    private static final Peregrine TRACKING = Peregrine.builder().register(TypeCatalogue.REGISTERED)
            .register(Holder.class).referenceTracking(true).build();

    static Stream<Object> values() {
        return TypeCatalogue.values().stream();
    }

    @ParameterizedTest
    @MethodSource("values")
    void alone(Object value) {
        check(PLAIN, value);
        check(TRACKING, value);
    }

    @ParameterizedTest
    @MethodSource("values")
    void nestedInFieldsCollectionsAndMaps(Object value) {
        Holder h = new Holder();
        h.value = value;
        h.list = new ArrayList<>(Arrays.asList(value, null, value));
        h.map = new HashMap<>();
        h.map.put("v", value);
        h.map.put("null", null);
        h.array = new Object[] {value, null};
        check(PLAIN, h);
        check(TRACKING, h);
        check(PLAIN, new ArrayList<>(List.of(h, h)));
    }

    @ParameterizedTest
    @MethodSource("values")
    void nullEverywhere(Object ignored) {
        check(PLAIN, new Holder());
    }
}
