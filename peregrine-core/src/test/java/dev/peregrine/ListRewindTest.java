package dev.peregrine;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * A list field is written in one pass, header first, until an element turns out null (or of
 * another class); then what was written is written again by the checked path, and the field's
 * lists take that path from then on. Its first payload and its second must therefore be the same
 * bytes. In the compatible format the elements written before the null carried their classes'
 * definitions, which the rewrite must carry again: a rewind that forgot to forget them would leave
 * the rewritten list without them (in the generated backend; the interpreter takes the checked path
 * from the start).
 */
class ListRewindTest {
    static final class Stop {
        int id;
        String name;

        Stop() {
        }

        Stop(int id, String name) {
            this.id = id;
            this.name = name;
        }
    }

    static final class Leg {
        Stop from;
        List<Stop> stops;
    }

    static final class Trip {
        List<Leg> legs;
        String name;
    }

    /** A trip whose list of legs ends in a null, after a leg whose own list ends in one too. */
    private static Trip trip() {
        Leg leg = new Leg();
        leg.from = new Stop(1, "start");
        leg.stops = new ArrayList<>(Arrays.asList(new Stop(2, "middle"), new Stop(3, "end"), null));
        Trip trip = new Trip();
        trip.legs = new ArrayList<>(Arrays.asList(leg, null));
        trip.name = "trip";
        return trip;
    }

    private static Peregrine peregrine(boolean compatible) {
        return Peregrine.builder().register(Stop.class, Leg.class, Trip.class).compatible(compatible).build();
    }

    @Test
    void aRewoundListIsWrittenAsItsNextWriteWritesItInEitherFormat() {
        for (boolean compatible : new boolean[] {false, true}) {
            Peregrine peregrine = peregrine(compatible);
            byte[] first = peregrine.serialize(trip());
            assertArrayEquals(peregrine.serialize(trip()), first, "serialize, compatible " + compatible);
            Codec<Trip> codec = peregrine(compatible).codec(Trip.class);
            byte[] encoded = codec.encode(trip());
            assertArrayEquals(codec.encode(trip()), encoded, "Codec, compatible " + compatible);
            assertReadsBack((Trip) peregrine(compatible).deserialize(first));
            assertReadsBack(peregrine(compatible).codec(Trip.class).decode(encoded));
        }
    }

    private static void assertReadsBack(Trip read) {
        assertEquals("trip", read.name);
        assertEquals(2, read.legs.size());
        assertNull(read.legs.get(1));
        Leg leg = read.legs.get(0);
        assertEquals("start", leg.from.name);
        assertEquals(3, leg.stops.size());
        assertEquals("middle", leg.stops.get(0).name);
        assertEquals(3, leg.stops.get(1).id);
        assertNull(leg.stops.get(2));
    }
}
