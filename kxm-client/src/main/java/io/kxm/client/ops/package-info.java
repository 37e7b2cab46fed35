/**
 * The hub's operations stream as an operator tool reads it ({@code kxm dash}, scripts): a snapshot
 * of the current state and a follower that resumes after a dropped connection from the last number
 * it saw. It takes the admin token or a project token.
 */
package io.kxm.client.ops;
