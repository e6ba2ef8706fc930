package dev.peregrine.codegen;

import dev.peregrine.codec.TypeCodec;
import dev.peregrine.type.TypeModel;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Prints what meeting a new class costs on the generated backend: model, generation, definition,
 * instantiation and linking. Asserts only that a codec was produced; the times are for reading
 * (the first line includes loading ASM and Peregrine's generator classes when it runs first).
 */
class FirstUseCostTest {

    @Test
    void firstUseOfTwentyAndOneHundredFourFieldClasses() {
        report("Fields20 (20 fields, possibly cold)", Fields20.class);
        report("Fields20Again (20 fields, warm)", Fields20Again.class);
        report("Struct104 (104 fields)", Struct104.class);
        report("WideRecord (70 components)", WideRecord.class);
    }

    private static void report(String what, Class<?> type) {
        long start = System.nanoTime();
        TypeModel model = TypeModel.of(type);
        long modelled = System.nanoTime();
        TypeCodec<?> codec = CodecFactory.generate(model, Backends.generated());
        CodecFactory.link(codec);
        long done = System.nanoTime();
        assertTrue(codec instanceof GeneratedCodec);
        System.out.printf("first use of %s: model %.3f ms, generate+define+link %.3f ms, total %.3f ms%n",
                what, (modelled - start) / 1e6, (done - modelled) / 1e6, (done - start) / 1e6);
    }
}
