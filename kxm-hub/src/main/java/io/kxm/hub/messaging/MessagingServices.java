package io.kxm.hub.messaging;

import io.kxm.hub.agents.AgentRegistry;

/** The services one messaging feature is made of, shared by its routes and its local ports. */
record MessagingServices(
    AgentRegistry agents,
    Sender sender,
    Fanouts fanouts,
    MessageReads reads,
    MessageActions actions,
    Awaiter awaiter,
    RequestArrivals arrivals) {}
