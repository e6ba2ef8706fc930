package dev.peregrine;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Fields that hold lists of one final class, in both formats, through one codec many times: from the
 * second value on, generated codecs write and read such lists by their own path (the slot remembers
 * the list's tag), which must give the same bytes and values as the first.
 */
class ListFieldTest {
    static final class Stop {
        int minute;
        String name;

        Stop() {
        }

        Stop(int minute, String name) {
            this.minute = minute;
            this.name = name;
        }
    }

    static final class Trip {
        List<Stop> stops;
        Collection<String> tags;
    }

    private static Trip trip() {
        Trip t = new Trip();
        t.stops = new ArrayList<>(Arrays.asList(new Stop(0, "start"), null, new Stop(42, "end")));
        t.tags = new ArrayList<>(List.of("a", "bb"));
        return t;
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void sameBytesAndValuesEveryTime(boolean compatible) {
        Peregrine p = Peregrine.builder().compatible(compatible).register(Trip.class, Stop.class).build();
        Codec<Trip> codec = p.codec(Trip.class);
        byte[] first = codec.encode(trip());
        for (int i = 0; i < 5; i++) {
            assertArrayEquals(first, codec.encode(trip()), "write " + i);
            Trip back = codec.decode(first);
            assertEquals(3, back.stops.size());
            assertEquals("start", back.stops.get(0).name);
            assertNull(back.stops.get(1));
            assertEquals(42, back.stops.get(2).minute);
            assertEquals(List.of("a", "bb"), back.tags);
            assertEquals(ArrayList.class, back.stops.getClass());
            assertArrayEquals(first, codec.encode(back), "read " + i);
        }
    }
}
