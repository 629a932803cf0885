package org.jpio.examples.cli;

import java.util.Locale;
import org.jpio.checkpoint.AsyncMode;
import picocli.CommandLine;

/** A checkpoint store's async mode on the command line: automatic, background or inline (any case). */
public final class AsyncModeConverter implements CommandLine.ITypeConverter<AsyncMode> {
    @Override
    public AsyncMode convert(String value) {
        try {
            return AsyncMode.valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException("async mode=" + value + " must be automatic, background or inline");
        }
    }
}
