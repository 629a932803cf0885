package org.jpio.format;

class NpyFormatTest extends ArrayFormatContract {
    @Override ArrayFormat format() { return ArrayFormats.NPY; }
}
