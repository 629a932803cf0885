package org.jpio.async;

/** The async contract on the portable engine (thread pool over the bulk tier). */
class PortableAsyncFileTest extends AsyncFileContract {
    @Override String engine() { return PortableEngine.NAME; }
}
