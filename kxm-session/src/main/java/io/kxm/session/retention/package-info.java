/** The session store's retention purge, in the shape every store's purge has. */
package io.kxm.session.retention;
