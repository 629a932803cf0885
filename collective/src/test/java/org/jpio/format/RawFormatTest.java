package org.jpio.format;

class RawFormatTest extends ArrayFormatContract {
    @Override ArrayFormat format() { return ArrayFormats.RAW; }
}
