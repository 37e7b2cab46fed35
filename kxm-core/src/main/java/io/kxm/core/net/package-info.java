/**
 * Network checks that the hub's and the supervisor's guards share, free of any HTTP framework:
 * whether an address stays on this machine ({@link io.kxm.core.net.Loopback}), the one form in
 * which browser origins are compared ({@link io.kxm.core.net.Origins}), and how a {@code Host}
 * header splits into name and port ({@link io.kxm.core.net.HostHeader}).
 */
package io.kxm.core.net;
