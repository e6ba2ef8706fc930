package dev.peregrine.codegen;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Builds instances of test classes with pseudo-random field values (including nulls and extremes),
 * through reflection, so wide classes need no hand-written fixtures.
 */
final class Filler {
    private final Random random;

    Filler(long seed) {
        this.random = new Random(seed);
    }

    /**
     * A new instance: records through their canonical constructor, others through the no-arg
     * constructor and then every instance field, superclasses included.
     */
    <T> T fill(Class<T> type) throws ReflectiveOperationException {
        if (type.isRecord()) {
            RecordComponent[] rc = type.getRecordComponents();
            Class<?>[] types = new Class<?>[rc.length];
            Object[] args = new Object[rc.length];
            for (int i = 0; i < rc.length; i++) {
                types[i] = rc[i].getType();
                args[i] = value(types[i]);
            }
            Constructor<T> c = type.getDeclaredConstructor(types);
            c.setAccessible(true);
            return c.newInstance(args);
        }
        Constructor<T> c = type.getDeclaredConstructor();
        c.setAccessible(true);
        T obj = c.newInstance();
        for (Class<?> k = type; k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    f.setAccessible(true);
                    f.set(obj, value(f.getType()));
                }
            }
        }
        return obj;
    }

    private Object value(Class<?> t) {
        int pick = random.nextInt(8);
        if (t == boolean.class) {
            return random.nextBoolean();
        } else if (t == byte.class) {
            return (byte) random.nextInt();
        } else if (t == short.class) {
            return pick == 0 ? Short.MIN_VALUE : (short) random.nextInt();
        } else if (t == char.class) {
            return pick == 0 ? Character.MAX_VALUE : (char) random.nextInt(0x3000);
        } else if (t == int.class) {
            return pick == 0 ? Integer.MIN_VALUE : pick == 1 ? -1 : random.nextInt() >> random.nextInt(32);
        } else if (t == long.class) {
            return pick == 0 ? Long.MIN_VALUE : random.nextLong() >> random.nextInt(64);
        } else if (t == float.class) {
            return pick == 0 ? -0.0f : random.nextFloat() * 1e6f;
        } else if (t == double.class) {
            return pick == 0 ? Double.NaN : random.nextGaussian();
        }
        if (pick == 0) {
            return null;
        }
        return reference(t);
    }

    private Object reference(Class<?> t) {
        if (t == String.class) {
            return "s" + random.nextInt(1000) + (random.nextBoolean() ? "\u20ac" : "");
        } else if (t == Integer.class) {
            return random.nextInt();
        } else if (t == Long.class) {
            return random.nextLong();
        } else if (t == int[].class) {
            return random.ints(random.nextInt(4)).toArray();
        } else if (t == List.class) {
            List<String> list = new ArrayList<>();
            for (int i = random.nextInt(3); i > 0; i--) {
                list.add("e" + i);
            }
            return list;
        }
        return null;
    }
}
