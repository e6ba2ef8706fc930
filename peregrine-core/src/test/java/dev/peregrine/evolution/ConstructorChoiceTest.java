package dev.peregrine.evolution;

import dev.peregrine.Peregrine;
import dev.peregrine.UnsupportedTypeException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which constructor a reader calls for a class without a no-arg constructor, for classes compiled
 * with parameter names ({@link Version} compiles with {@code -parameters}; the project's own test
 * classes have none, and {@code UserClassTest} covers matching by distinct types there). A
 * constructor whose parameter names differ from the fields' is not taken for one that sets them,
 * whatever its types: it may convert its arguments.
 */
class ConstructorChoiceTest {
    private static final Version CLASSES = Version.compile("constructors", """
            public class Temperature {
                final double celsius;
                final String label;

                Temperature(double fahrenheit, String label) {
                    this.celsius = (fahrenheit - 32) / 1.8;
                    this.label = label;
                }
            }
            """, """
            public class Reading {
                final double celsius;
                final String label;

                Reading(String label, double celsius) {
                    this.celsius = celsius;
                    this.label = label;
                }
            }
            """);

    @Test
    void aConstructorNamedForOtherValuesIsNotCalled() {
        Peregrine p = CLASSES.peregrine(false);
        Object boiling = CLASSES.create("Temperature", "fahrenheit", 212.0, "label", "boil");
        assertEquals(100.0, Version.get(boiling, "celsius"));
        UnsupportedTypeException e = assertThrows(UnsupportedTypeException.class, () -> p.serialize(boiling));
        assertTrue(e.getMessage().contains("Temperature") && e.getMessage().contains("by name"), e.getMessage());
    }

    @Test
    void aConstructorNamedForTheFieldsIsCalled() {
        for (boolean compatible : new boolean[] {false, true}) {
            Peregrine p = CLASSES.peregrine(compatible);
            Object reading = CLASSES.create("Reading", "label", "noon", "celsius", 21.5);
            Object back = p.deserialize(p.serialize(reading), CLASSES.type("Reading"));
            assertEquals(21.5, Version.get(back, "celsius"));
            assertEquals("noon", Version.get(back, "label"));
        }
    }
}
