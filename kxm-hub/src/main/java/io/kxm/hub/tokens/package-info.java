/**
 * Rotation, revocation and listing of the hub's tokens over admin routes, on the token table all
 * hub nodes on one store share ({@code io.kxm.hub.auth.HubCredentials}).
 */
package io.kxm.hub.tokens;
