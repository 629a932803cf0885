package org.jpio.examples.cli;

import org.jpio.examples.bench.Sizes;
import picocli.CommandLine;

/** Sizes on the command line: 4096, 64k, 256m, 1g. */
public final class SizeConverter implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
        try {
            return Sizes.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(e.getMessage());
        }
    }
}
