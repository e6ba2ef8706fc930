package dev.peregrine.compat;

import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.codec.Limits;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which local defs are self-contained: a Codec takes no def table for a root of such a class
 * (Session.writeCompatible), so every field must be of a kind whose values never carry a def.
 */
class ClassDefTest {
    static final class Flat {
        boolean flag;
        byte b;
        char c;
        short s;
        int i;
        long l;
        float f;
        double d;
        String text;
        Boolean boxedFlag;
        Byte boxedByte;
        Character boxedChar;
        Short boxedShort;
        Integer boxedInt;
        Long boxedLong;
        Float boxedFloat;
        Double boxedDouble;
        int[] ints;
        char[] chars;
        double[] doubles;
    }

    enum Colour { RED }

    static final class WithEnum {
        int i;
        Colour colour;
    }

    static final class WithNested {
        int i;
        Flat flat;
    }

    static final class WithList {
        List<String> names;
    }

    static final class WithObject {
        Object anything;
    }

    static final class WithStringArray {
        String[] names;
    }

    static final class Empty {
    }

    private static ClassDef local(Class<?> type) {
        return new DefRegistry(Limits.DEFAULT).local(type);
    }

    @Test
    void primitivesStringsBoxesAndPrimitiveArraysAreSelfContained() {
        assertTrue(local(Flat.class).selfContained());
        assertTrue(local(Empty.class).selfContained());
    }

    @Test
    void aFieldThatMayHoldADefMakesTheClassNotSelfContained() {
        assertFalse(local(WithEnum.class).selfContained(), "an enum carries its def");
        assertFalse(local(WithNested.class).selfContained(), "a user class carries its def");
        assertFalse(local(WithList.class).selfContained(), "a list may hold anything");
        assertFalse(local(WithObject.class).selfContained());
        assertFalse(local(WithStringArray.class).selfContained(), "an object array may hold subclasses' tags");
        assertFalse(local(Colour.class).selfContained(), "an enum's own def");
    }

    @Test
    void aParsedDefIsNeverSelfContained() {
        byte[] bytes = local(Flat.class).encoded();
        ClassDef parsed = new DefRegistry(Limits.DEFAULT).read(new ArrayReader(bytes, 0, bytes.length),
                Flat.class.getPackageName());
        assertFalse(parsed.selfContained());
    }
}
