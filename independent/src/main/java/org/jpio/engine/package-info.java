/**
 * I/O engines: the seam between jpio's file classes and the OS. {@link org.jpio.engine.IoEngine} opens
 * files, {@link org.jpio.engine.EngineFile} moves bytes; {@link org.jpio.engine.Engines} is the registry.
 */
package org.jpio.engine;
