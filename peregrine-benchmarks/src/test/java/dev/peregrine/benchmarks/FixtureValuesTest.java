package dev.peregrine.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.peregrine.benchmarks.fixtures.BooleanType;
import dev.peregrine.benchmarks.fixtures.Car;
import dev.peregrine.benchmarks.fixtures.ClassicBean;
import dev.peregrine.benchmarks.fixtures.ComplexObject;
import dev.peregrine.benchmarks.fixtures.DeepObject;
import dev.peregrine.benchmarks.fixtures.Fixture;
import dev.peregrine.benchmarks.fixtures.MediaContent;
import dev.peregrine.benchmarks.fixtures.Model;
import dev.peregrine.benchmarks.fixtures.OptionalExtras;
import dev.peregrine.benchmarks.fixtures.Sample;
import dev.peregrine.benchmarks.fixtures.SimpleObject;
import dev.peregrine.benchmarks.fixtures.Size;
import dev.peregrine.benchmarks.fixtures.SomeBean;
import dev.peregrine.benchmarks.fixtures.Struct;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Spot-checks the fixture values against FIXTURES.md. */
class FixtureValuesTest {
    @Test
    void simpleComplexAndDeepObjectsFollowTheirSeed() {
        SimpleObject s = SimpleObject.of(3);
        assertEquals("Test3", s.name);
        assertEquals(3.14 + 3, s.doubleValue);
        assertEquals(2.71f + 3, s.floatValue);
        assertEquals(123456792L, s.longValue);
        assertEquals((short) 45, s.shortValue);
        assertEquals(false, s.active);

        ComplexObject c = ComplexObject.of(0);
        assertEquals(42, c.id);
        assertEquals("Nested0", c.nested.name);
        assertEquals(Map.of("count", 5, "version", 2), c.data);

        DeepObject d = DeepObject.of(7);
        assertEquals("Level0_7", d.name);
        DeepObject level4 = d.child.child.child.child;
        assertEquals(47, level4.id);
        assertEquals("Level4_7", level4.name);
        assertEquals(13.0, level4.value);
        assertNull(level4.child);
    }

    @Test
    void carHasTheSchemaValues() {
        Car car = Car.fixed();
        assertEquals(12345, car.serialNumber);
        assertEquals(2005, car.modelYear);
        assertEquals(BooleanType.T, car.available);
        assertEquals(Model.A, car.code);
        assertArrayEquals(new int[] {0, 1, 2, 3, 4}, car.someNumbers);
        assertEquals(EnumSet.of(OptionalExtras.SUN_ROOF, OptionalExtras.SPORTS_PACK), car.extras);
        assertEquals(4200, car.engine.capacity);
        assertEquals(35.9f, car.fuelFigures.get(0).mpg);
        assertEquals(11.8f, car.performanceFigures.get(1).acceleration.get(2).seconds);
        assertEquals("MANUFACTURER", car.manufacturer);
    }

    @Test
    void mediaContentKeepsTheHangulCharacter() {
        MediaContent m = MediaContent.fixed();
        String jobs = m.media.persons.get(1);
        assertEquals("Steve Jobs\uC2A4", jobs);
        assertEquals(13, jobs.getBytes(StandardCharsets.UTF_8).length);
        assertNull(m.media.copyright);
        assertEquals(262144, m.media.bitrate);
        assertEquals(Size.SMALL, m.images.get(1).size);
    }

    @Test
    void beansComeFromTheirSeeds() {
        SomeBean[] beans = (SomeBean[]) Fixture.SOME_BEANS.value();
        assertEquals(1000, beans.length);
        Random r = new Random(1337);
        assertEquals(r.nextInt(), beans[0].getPropA());
        assertTrue(Fixture.same(beans, Fixture.SOME_BEANS.value()));

        ClassicBean[] classic = (ClassicBean[]) Fixture.CLASSIC_BEANS.value();
        assertEquals(1000, classic.length);
        assertNotSame(classic[0], classic[1]);
        assertEquals(-1000, classic[999].c123);
        assertEquals(123456789, classic[999].habitus);
    }

    @Test
    void structAndSampleHaveTheirValues() {
        Struct s = Struct.fixed();
        Random r = new Random(17);
        assertEquals(r.nextInt(), s.f0);
        assertEquals(r.nextLong(), s.f1);
        assertEquals(r.nextFloat(), s.f2);
        assertEquals(r.nextDouble(), s.f3);

        Sample sample = Sample.fixed();
        assertEquals(Short.valueOf((short) 32100), sample.boxedShort);
        assertEquals('$', sample.boxedChar.charValue());
        assertArrayEquals("asdfASDF".toCharArray(), sample.charArray);
        assertArrayEquals(new long[] {-123400, -12300, -1200, -100, 0, 100, 1200, 12300, 123400}, sample.longArray);
        assertEquals("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", sample.string);
        assertNull(sample.sample);
    }

    @Test
    void randomValuesAreSeeded() {
        for (Fixture f : Fixture.values()) {
            assertTrue(Fixture.same(f.random(new Random(5)), f.random(new Random(5))), f.name());
        }
    }
}
