/** The README's main job: the demo run by {@code bin/jpio demo}. */
package org.jpio.examples.demo;
