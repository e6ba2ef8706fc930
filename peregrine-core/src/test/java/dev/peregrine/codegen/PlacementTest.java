package dev.peregrine.codegen;

import dev.peregrine.codec.TypeCodec;
import dev.peregrine.type.TypeModel;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Array;
import java.lang.reflect.Field;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where generated codecs live: a hidden nestmate of a class Peregrine shares a module with, a hidden
 * class of Peregrine's own package for a class in another module (here, another loader's unnamed
 * module), and the same bytes either way, for one value and for an array's run of them.
 */
class PlacementTest {

    static final class Secret {
        private int code;
        private String note;
    }

    @Test
    void sameModuleClassGetsAHiddenNestmate() {
        TypeCodec<?> codec = CodecFactory.generate(TypeModel.of(Secret.class), Backends.generated());
        Class<?> c = codec.getClass();
        assertTrue(c.isHidden());
        assertEquals(Secret.class.getPackageName(), c.getPackageName());
        assertEquals(Secret.class.getNestHost(), c.getNestHost());
    }

    @Test
    void classOfAnotherModuleGetsAHostedCodec() throws Exception {
        Class<?> foreign = new IsolatingLoader().loadClass(Fields20.class.getName());
        assertNotSame(Fields20.class, foreign);
        TypeCodec<?> codec = CodecFactory.generate(TypeModel.of(foreign), Backends.generated());
        assertTrue(codec.getClass().isHidden());
        assertEquals(CodecFactory.class.getPackageName(), codec.getClass().getPackageName());

        var constructor = foreign.getDeclaredConstructor();
        constructor.setAccessible(true);
        Object value = constructor.newInstance();
        Field name = foreign.getDeclaredField("name");
        name.setAccessible(true);
        name.set(value, "elsewhere");
        Field id = foreign.getDeclaredField("id");
        id.setAccessible(true);
        id.setInt(value, -42);
        byte[] expected = Backends.interpreted().encodeRoot(value);
        Backends generated = Backends.generated();
        assertArrayEquals(expected, generated.encodeRoot(value));
        Object back = generated.decodeRoot(expected, foreign);
        assertSame(foreign, back.getClass());
        assertEquals("elsewhere", name.get(back));
        assertEquals(-42, id.getInt(back));
        assertArrayEquals(expected, generated.encodeRoot(back));
    }

    @Test
    void hostedCodecsReadArraysOfTheirClassInTheirOwnLoop() throws Exception {
        IsolatingLoader loader = new IsolatingLoader();
        for (Class<?> type : new Class<?>[] {OneChunk.class, Fields20.class}) {
            Class<?> foreign = loader.loadClass(type.getName());
            Backends generated = Backends.generated();
            assertNotSame(foreign.getNestHost(), generated.codecFor(foreign).getClass().getNestHost());
            Object[] values = (Object[]) Array.newInstance(foreign, 4);
            var constructor = foreign.getDeclaredConstructor();
            constructor.setAccessible(true);
            Field name = foreign.getDeclaredField("name");
            name.setAccessible(true);
            Field id = foreign.getDeclaredField("id");
            id.setAccessible(true);
            for (int i : new int[] {0, 2, 3}) {
                values[i] = constructor.newInstance();
                name.set(values[i], "n" + i);
                id.setInt(values[i], -1000 * i);
            }
            Object[] back = RunReaderTest.throughReadRun(generated, values);
            assertSame(values.getClass(), back.getClass());
            assertEquals(null, back[1]);
            for (int i : new int[] {0, 2, 3}) {
                assertEquals("n" + i, name.get(back[i]));
                assertEquals(-1000 * i, id.getInt(back[i]));
            }
        }
    }

    /** Defines test classes of this package itself, child-first, so they land in its own unnamed module. */
    private static final class IsolatingLoader extends ClassLoader {
        IsolatingLoader() {
            super(PlacementTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals(Fields20.class.getName()) && !name.equals(OneChunk.class.getName())) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c != null) {
                    return c;
                }
                try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                    byte[] bytes = in.readAllBytes();
                    return defineClass(name, bytes, 0, bytes.length);
                } catch (IOException e) {
                    throw new ClassNotFoundException(name, e);
                }
            }
        }
    }
}
