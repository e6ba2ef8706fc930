package dev.peregrine.codec;

import dev.peregrine.buffer.ArrayReader;
import dev.peregrine.registry.TypeRegistry;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The one-byte tag a field's slot gives a built-in class, which generated reads of list and map
 * fields compare the payload's next byte with: it must be the byte the registry writes there, and
 * name that class when read back in the same slot.
 */
class ReferenceSlotTagTest {
    static final class Fields {
        List<String> list;
        ArrayList<String> arrayList;
        Map<String, Integer> map;
        HashMap<String, Integer> hashMap;
        Object anything;
    }

    static final class Rare {
    }

    private final TypeRegistry registry = new TypeRegistry(Map.of(Rare.class, 500), true,
            ReferenceSlotTagTest.class.getClassLoader());

    private ReferenceSlot slot(String name) throws NoSuchFieldException {
        Field f = Fields.class.getDeclaredField(name);
        return new ReferenceSlot(f.getType(), f.getGenericType(), registry);
    }

    private Class<?> readBack(ReferenceSlot slot, int tag) {
        return registry.readType(new ArrayReader(new byte[] {(byte) tag}, 0, 1), slot.hint());
    }

    @Test
    void aBuiltInClassInAFieldOfAWiderTypeHasItsOwnTag() throws Exception {
        ReferenceSlot list = slot("list");
        int tag = list.oneByteTag(ArrayList.class);
        assertEquals(Builtins.tagOf(ArrayList.class), tag);
        assertEquals(ArrayList.class, readBack(list, tag));
        ReferenceSlot map = slot("map");
        tag = map.oneByteTag(HashMap.class);
        assertEquals(Builtins.tagOf(HashMap.class), tag);
        assertEquals(HashMap.class, readBack(map, tag));
    }

    @Test
    void theDeclaredClassHasTheDeclaredTag() throws Exception {
        ReferenceSlot arrayList = slot("arrayList");
        assertEquals(Builtins.DECLARED, arrayList.oneByteTag(ArrayList.class));
        assertEquals(ArrayList.class, readBack(arrayList, Builtins.DECLARED));
        ReferenceSlot hashMap = slot("hashMap");
        assertEquals(Builtins.DECLARED, hashMap.oneByteTag(HashMap.class));
        assertEquals(HashMap.class, readBack(hashMap, Builtins.DECLARED));
    }

    @Test
    void aTagOfMoreThanOneByteIsNone() throws Exception {
        assertEquals(-1, slot("anything").oneByteTag(Rare.class));
    }
}
