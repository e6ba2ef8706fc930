package dev.peregrine;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import static dev.peregrine.RoundTrip.check;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PolymorphismTest {
    interface Shape {
    }

    abstract static class Polygon implements Shape {
        int sides;
    }

    static final class Square extends Polygon {
        double side;

        Square() {
        }

        Square(double side) {
            this.side = side;
            this.sides = 4;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Square s && s.side == side && s.sides == sides;
        }

        @Override
        public int hashCode() {
            return Double.hashCode(side);
        }
    }

    record Circle(double radius) implements Shape {
    }

    static class Animal {
        String name;

        @Override
        public boolean equals(Object o) {
            return o != null && o.getClass() == getClass() && Objects.equals(((Animal) o).name, name);
        }

        @Override
        public int hashCode() {
            return Objects.hashCode(name);
        }
    }

    static class Dog extends Animal {
        boolean good = true;

        @Override
        public boolean equals(Object o) {
            return super.equals(o) && ((Dog) o).good == good;
        }

        @Override
        public int hashCode() {
            return super.hashCode();
        }
    }

    static final class Drawing {
        Shape main;
        Polygon poly;
        Animal pet;
        Object anything;
        List<Shape> shapes = new ArrayList<>();

        @Override
        public boolean equals(Object o) {
            return o instanceof Drawing d && Objects.equals(d.main, main) && Objects.equals(d.poly, poly)
                    && Objects.equals(d.pet, pet) && Objects.equals(d.anything, anything) && d.shapes.equals(shapes);
        }

        @Override
        public int hashCode() {
            return shapes.hashCode();
        }
    }

    private final Peregrine p = Peregrine.builder()
            .register(Drawing.class, Square.class, Circle.class, Animal.class, Dog.class).build();

    @Test
    void interfaceAbstractObjectAndNonFinalFieldsKeepExactTypes() {
        Drawing d = new Drawing();
        d.main = new Circle(2);
        d.poly = new Square(3);
        d.pet = new Dog();
        d.pet.name = "rex";
        d.anything = new Square(1);
        d.shapes.add(new Circle(1));
        d.shapes.add(new Square(2));
        d.shapes.add(null);
        Drawing back = p.deserialize(check(p, d), Drawing.class);
        assertEquals(Dog.class, back.pet.getClass());
        assertEquals(Circle.class, back.main.getClass());
    }

    @Test
    void nonFinalDeclaredTypeHoldingItselfNeedsNoRegistration() {
        Peregrine onlyDrawing = Peregrine.builder().register(Drawing.class).build();
        Drawing d = new Drawing();
        d.pet = new Animal();
        d.pet.name = "generic";
        check(onlyDrawing, d);
    }

    @Test
    void unregisteredSubtypeIsAnErrorWhenWriting() {
        Peregrine onlyDrawing = Peregrine.builder().register(Drawing.class).build();
        Drawing d = new Drawing();
        d.pet = new Dog();
        UnregisteredTypeException e = assertThrows(UnregisteredTypeException.class, () -> onlyDrawing.serialize(d));
        assertTrue(e.getMessage().contains("Dog"), e.getMessage());
        Drawing d2 = new Drawing();
        d2.shapes.add(new Circle(1));
        assertThrows(UnregisteredTypeException.class, () -> onlyDrawing.serialize(d2));
    }

    @Test
    void unregisteredTypeIdIsAnErrorWhenReading() {
        byte[] bytes = p.serialize(new Circle(1));
        Peregrine other = Peregrine.builder().register(Drawing.class).build();
        assertThrows(UnregisteredTypeException.class, () -> other.deserialize(bytes));
    }

    @Test
    void payloadOfAnotherTypeThanExpectedIsRefused() {
        byte[] bytes = p.serialize(new Circle(1));
        assertThrows(MalformedInputException.class, () -> p.deserialize(bytes, Square.class));
    }
}
