package io.kxm.core.error;

/**
 * Every error code KXM can answer with. The code string is stable and documented; each maps to one
 * HTTP status, a CLI exit code and a default hint that names the next step.
 */
public enum ErrorCode {
  // Input and protocol
  INVALID_REQUEST(400, "Check the request against the API reference and send it again."),
  INVALID_JSON(400, "Send a well-formed JSON object as the request body."),
  UNSUPPORTED_MEDIA_TYPE(415, "Send the body with Content-Type: application/json."),
  BODY_TOO_LARGE(413, "Send a smaller body; the limit is in the message."),
  NOT_FOUND(404, "Check the path against the API reference."),
  METHOD_NOT_ALLOWED(405, "Use the method the API reference gives for this path."),
  RATE_LIMITED(
      429,
      "Slow down: wait the seconds the message names (Retry-After over HTTP), then send again."),

  // Credentials and network boundary
  AUTH_REQUIRED(401, "Send Authorization: Bearer <token> with the admin or project token."),
  AUTH_INVALID(401, "The token is not known to this hub; check KXM_AUTH_TOKEN or hub-env.json."),
  ADMIN_REQUIRED(403, "This route needs the admin token, not a project token."),
  PROJECT_FORBIDDEN(403, "Use the token issued for this project."),
  AGENT_KEY_INVALID(
      401, "Register again to get a fresh agent key; keys rotate on every reconnect."),
  HOST_NOT_ALLOWED(421, "Call the hub by the address it is bound to (127.0.0.1 or localhost)."),
  CSRF_INVALID(
      403,
      "The console request lacked its X-KXM-CSRF header or carried a stale one; reload the console"
          + " at /console, or sign in again."),
  ORIGIN_NOT_ALLOWED(
      403, "Add the origin to KXM_ALLOWED_ORIGINS if this browser client is trusted."),
  PROJECT_TOKEN_EXISTS(
      409, "The project already has a token; keep using it, or remove it from hub-env.json first."),
  BIND_REQUIRES_ADMIN_TOKEN(
      1,
      "Set KXM_AUTH_TOKEN (or start once on loopback to create one) before binding beyond loopback."),

  // Token rotation and revocation through the token table all hub nodes share
  TOKEN_FROM_ENVIRONMENT(
      409,
      "The hub reads this token from KXM_AUTH_TOKEN or KXM_PROJECT_TOKENS: change it there and"
          + " restart every hub node, or unset it to manage the token with 'kxm auth'."),
  PROJECT_TOKEN_NOT_FOUND(
      404,
      "See the projects with tokens in 'kxm auth project-token list', or make one with 'kxm auth"
          + " project-token create <project>'."),

  // Limits on input; the message names the field, the limit and the value received
  VALUE_TOO_LONG(400, "Shorten the field named in the message to its limit and send it again."),
  VALUE_OUT_OF_RANGE(400, "Use a value inside the range named in the message."),

  // Strict reading of request bodies and tool arguments; the message names the field
  UNKNOWN_FIELD(
      400, "Remove the field named in the message; the API reference lists the fields it takes."),
  INVALID_TYPE(
      400,
      "Send the field named in the message as the JSON type it names; numbers and booleans are"
          + " never read from strings."),
  DUPLICATE_KEY(400, "Send each field of a JSON object once; the message names the repeated one."),

  // Peer messaging
  TARGET_NOT_FOUND(
      404, "Call kxm_list to see who is online, or pass allowOffline to queue for a known peer."),
  SELF_TARGET(400, "Address another agent; nobody would answer a request sent to yourself."),
  MESSAGE_NOT_FOUND(
      404, "Check the message ID; finished requests are purged after the retention window."),
  MESSAGE_FORBIDDEN(403, "Only the sender or the recipient of a request may read or change it."),
  DUPLICATE_REPLY(409, "The request already has its reply; read it with kxm_get."),
  INVALID_MESSAGE_STATE(
      409, "Read the request with kxm_get; it is already replied, cancelled or expired."),
  IDEMPOTENCY_CONFLICT(409, "Use a fresh idempotency key for a request with different content."),
  HOP_LIMIT_EXCEEDED(
      409,
      "Answer the request you are handling yourself instead of forwarding it further;"
          + " raise KXM_MAX_HOPS only for deliberate chains."),
  AWAIT_TIMED_OUT(408, "The request is still open; check it later with kxm_get or wait again."),
  WORKFLOW_CONTEXT_CORRELATION_MISMATCH(
      400, "Leave correlationId out, or set it to the run ID, when you pass workflowContext."),
  AGENT_NAME_REQUIRED(
      400, "Name the agent in the X-KXM-Agent-Name header or the 'agent' query parameter."),
  MCP_SESSION_NOT_FOUND(
      404, "Start a new MCP session; MCP clients do this by themselves after a 404."),

  // Agent names and the agent lifecycle (retire, prune)
  NAME_RESERVED(
      403,
      "Pick another agent name; names the hub uses for its own agents (kxm-workflows) are"
          + " reserved in every letter case."),
  PROJECT_NAME_TAKEN(
      409,
      "Use the project's name exactly as it was first spelled; project names are unique ignoring"
          + " case."),
  AGENT_NOT_FOUND(
      404, "Check the agent's name with kxm peer list --include-offline; a retired agent is gone."),
  AGENT_HOLDS_LEASES(
      409,
      "Let the agent release its leases (DELETE /v1/agents/{agentId}/leases/{resource}) or wait"
          + " until they expire, then retire it again."),

  // Agent event streams
  INVALID_CURSOR(
      400,
      "Resume with the id of the last event you received, or leave Last-Event-ID out to start"
          + " over."),

  // Leases
  LEASE_HELD(409, "Wait until the holder's deadline named in the message, then acquire again."),
  LEASE_NOT_HELD(409, "Acquire the lease first; it ended or belongs to another agent."),
  LEASE_FENCED(
      409, "Another holder took the resource over; stop, re-read its state and acquire again."),
  FENCE_UNKNOWN(
      409,
      "The token was never issued for this resource; present the fencingToken your acquire"
          + " returned."),

  // Reservations of repository paths
  RESERVATION_CONFLICT(
      409,
      "Wait until the holder's deadline named in the message, ask the holder (kxm peer send) to"
          + " release, or reserve paths that do not overlap."),
  RESERVATION_NOT_FOUND(404, "List the project's live reservations with kxm reservations."),
  RESERVATION_NOT_HELD(409, "Only the agent that made a reservation can release it."),
  RESERVATION_FENCED(
      409,
      "Your reservation ended and another agent reserved the path since; fetch its work, reserve"
          + " again and redo the change on top."),
  RESERVATIONS_FULL(
      429, "Release reservations that are done (kxm release) or let them expire, then retry."),

  // A2A endpoint
  A2A_NOT_EXPOSED(
      404,
      "Expose the agent with KXM_A2A=<project> (every agent of it) or <project>/<agent>, and"
          + " restart the hub."),
  A2A_VERSION_UNSUPPORTED(400, "Send A2A-Version: 1.0, or leave the header out for 0.3."),

  // Tool policy (session and attempt tokens)
  TOOL_POLICY_DENIED(
      403,
      "Lift the policy: run 'kxm session token --clear' or unset KXM_SESSION_TOKEN and"
          + " KXM_ATTEMPT_TOKEN, or issue a new token that allows the tool."),
  ATTEMPT_TOKEN_ADMIN_DENIED(
      403, "Name kxm_promote in the attempt token's allow list to let this attempt propose."),

  // Webhook workflows: definitions, runs, evidence, signatures and the journal
  WORKFLOW_NOT_FOUND(
      404, "Check the run ID with kxm_workflow_list; finished runs are purged after retention."),
  WORKFLOW_FORBIDDEN(403, "Only the run's coordinator, named in the message, may use this run."),
  WORKFLOW_STAGE_OUT_OF_ORDER(409, "Read the run with kxm_workflow_get and act on currentStage."),
  WORKFLOW_TERMINAL(409, "The run has finished; start a new run with a fresh webhook delivery."),
  WORKFLOW_NOT_RUNNING(
      409, "The run is waiting for a signal; reply to settle your turn and wait for it."),
  WORKFLOW_NOT_WAITING(409, "Send the signal only while the run waits; read it with workflow get."),
  WORKFLOW_SIGNAL_KEY_MISMATCH(409, "Use the signal key the waiting stage named."),
  WORKFLOW_EVIDENCE_INCOMPLETE(
      422, "Provide every requirement listed in missingRequirements, then checkpoint again."),
  WORKFLOW_PROVENANCE_INVALID(
      422,
      "Cite only replied messages you sent with this run's current stage, requirement and attempt."),
  INVALID_WORKFLOW_EVIDENCE_REFS(
      400,
      "Send evidenceRefs as {requirement: {messageIds: [...]}} with a passed checkpoint or a wait."),
  INVALID_SIGNAL_KEY(
      400, "Use 1 to 128 letters, digits, '.', '_', ':' or '-', starting with a letter or digit."),
  WORKFLOW_WAIT_INVALID(400, "Use a timeout between 1 second and 30 days."),
  WORKFLOW_EVIDENCE_POLICY_MISSING(
      409, "Ask peers only for requirements whose stage declares a peer-evidence policy."),
  WORKFLOW_EVIDENCE_PRODUCER_FORBIDDEN(
      403, "Ask a producer the stage's policy names as eligible, never the coordinator."),
  WORKFLOW_CONTEXT_FORBIDDEN(403, "Only the run's coordinator may attach workflowContext."),
  WORKFLOW_CONTEXT_INACTIVE(409, "Use the run's current stage; read it with kxm_workflow_get."),
  WORKFLOW_CONTEXT_ATTEMPT_MISMATCH(
      409, "Use the current attempt of the stage; read it with kxm_workflow_get."),
  WORKFLOW_DEGRADE_FORBIDDEN(
      403, "Only an admin may degrade a quorum, once per attempt, where the policy allows it."),
  WORKFLOW_DEFINITION_INVALID(
      1, "Fix every definition file named in the message; the path and rule are given."),
  WORKFLOW_SECRET_MISSING(
      503, "Set the environment variable the definition names in secretEnv, then restart."),
  INVALID_DELIVERY_ID(400, "Send X-KXM-Delivery with 1 to 128 printable characters."),
  SIGNATURE_INVALID(
      401,
      "Sign the v1 string (v1, method, path, delivery, timestamp, body; see docs/http-api.md)"
          + " with HMAC-SHA256 and send X-KXM-Signature: sha256=<hex>."),
  SIGNATURE_EXPIRED(
      401, "Sign with the current Unix time in X-KXM-Timestamp; check the sender's clock."),
  SIGNATURE_REPLAYED(
      409,
      "Sign the request again with the current X-KXM-Timestamp; a retry that keeps its"
          + " X-KXM-Delivery and body is answered as a duplicate."),
  DELIVERY_CONFLICT(
      409, "Send a different body with a fresh X-KXM-Delivery; a delivery ID names one body."),
  INVALID_JOURNAL_CATEGORY(
      400,
      "Use plan, decision, contradiction, error, lesson, observation, hypothesis, experiment,"
          + " state-change or skill-candidate."),
  INVALID_IMPROVEMENT_AREA(
      400,
      "Use harness, gates, implementation, workflow, documentation, security or other, or name a"
          + " stage that declares its area."),
  JOURNAL_EVIDENCE_REQUIRED(400, "Lessons and skill candidates need at least one evidence item."),
  INVALID_JOURNAL_RELATION(400, "Relate entries only to up to 16 existing entries of this run."),
  INVALID_JOURNAL_SEVERITY(400, "Use info, warning or error."),

  // Store
  STORE_UNAVAILABLE(503, "Check that the database is reachable; the hub retries by itself."),
  STORE_SCHEMA_NEWER(
      1, "Run the KXM version that wrote this store, or restore a backup made for this version."),
  STORE_CORRUPT(1, "Restore the store from a backup, or move the file aside to start empty."),
  STORE_SYMLINK_REFUSED(1, "Point KXM_DATA_PATH at a regular file, not a symbolic link."),
  STORE_FULL(507, "Free disk space; reads keep working and writes resume once space is back."),
  STORE_CONFLICT(409, "Another writer changed the record; read it again and retry."),
  STORE_PATH_UNUSABLE(
      1, "Make the store's folder writable, or point KXM_DATA_PATH at a writable file path."),
  STORE_MIGRATION_FAILED(
      1, "Restore the backup named in the message, then report the failure with the hub log."),

  // Server lifecycle
  SERVER_DRAINING(503, "The server is shutting down; retry against the restarted server."),
  NOT_READY(503, "Wait and retry; the message names what the hub is still missing."),
  PORT_IN_USE(1, "Stop the process that holds the port, or set KXM_PORT to a free one."),
  INTERNAL(500, "This is a bug; the hub log has the details under the request id."),

  // Hub start: the services a start needs, unreachable before the hub serves anything
  STORE_UNREACHABLE(
      1,
      "Start PostgreSQL or correct KXM_DATABASE_URL (host, port, database, role), then start the"
          + " hub again."),
  REDIS_UNREACHABLE(
      1,
      "Start Redis or correct KXM_REDIS_URL (its user and password, rediss:// for TLS; unset it"
          + " when only one hub node runs), then start the hub again."),

  // Local state and configuration
  STATE_DIR_UNUSABLE(
      1, "Make the state folder writable, or set KXM_STATE_HOME to an absolute writable path."),
  CONFIG_INVALID(1, "Fix the setting named in the message."),
  HUB_UNREACHABLE(1, "Start the hub with 'kxm hub start', or set KXM_SERVER_URL to a running hub."),
  HUB_ALREADY_RUNNING(1, "Stop it with 'kxm hub stop', or use another --port."),
  HUB_NOT_RUNNING(1, "Start it with 'kxm hub start'."),
  JDK_MISSING(1, "Install a JDK 21 or newer."),

  // Reviewed runtime configuration (.kxm/*.yaml)
  CONFIG_NOT_FOUND(
      1, "Run 'kxm init' to write a starter .kxm/, or run the command in the project."),
  CONFIG_TREE_INVALID(1, "Fix every error listed above, then run 'kxm config validate' again."),
  CONFIG_LEGACY_JSON(
      1,
      "Move the settings of .kxm/config/*.json into the YAML files under .kxm/, then delete it."),
  CONFIG_ALREADY_EXISTS(
      1, "Keep the existing .kxm/ configuration, or run 'kxm init --force' to replace it."),
  CONFIG_UNREADABLE(1, "Make the files under .kxm/ readable by this user, then try again."),
  CONFIG_UNCOMMITTED(
      409,
      "Commit the .kxm/ changes named in the message to have them reviewed and run, or pass"
          + " --allow-dirty to 'kxm run' to run the working tree as it is (the run records that)."),

  // Runtime runs: event store, folds, steps, gates, receipts
  RUN_NOT_FOUND(404, "List the project's runs with 'kxm runs list' and use one of their IDs."),
  RUN_WORKFLOW_NOT_FOUND(
      404, "List the workflows under .kxm/workflows/ and name one of their IDs."),
  STUDIO_CONFIG_INVALID(
      422,
      "Fix each error the message names (POST .../check lists them all); nothing was written."),
  STUDIO_WORKFLOW_NOT_FOUND(
      404,
      "Name one of the workflows the message lists; 'kxm studio layout --help' says where they"
          + " are read from."),
  RUN_PROMPT_INVALID(400, "Send a prompt within the size named in the message."),
  PROMPT_FILE_UNREADABLE(
      1,
      "Name a readable UTF-8 text file within the size named in the message with --prompt-file,"
          + " or '-' to read the prompt from standard input."),
  RUN_PLAN_INVALID(
      422, "Fix the workflow step named in the message; 'kxm config validate' shows the details."),
  RUN_TRANSITION_REFUSED(
      409, "Read the run with 'kxm runs status'; the change does not apply to its current state."),
  RUN_STATE_DIVERGED(
      500,
      "The stored projection disagrees with the event log; run 'kxm runs verify' and restore"
          + " the store from a backup."),
  RUN_REVISION_DRIFT(
      409, "The .kxm/ tree changed since the run was created; start a new run with 'kxm run'."),
  RUN_DRIVE_IN_PROGRESS(409, "Another drive holds the run; wait for it to stop, then drive again."),
  RUN_TERMINAL(409, "The run has finished; start a new one with 'kxm run'."),
  RUN_QUEUED(
      409, "The run waits for a free slot (limits.maxConcurrentRuns); finish or cancel another."),
  RUN_AWAITING_INTERACTION(
      409,
      "Answer the pending approval with 'kxm runs approve' or 'kxm runs deny', or the question"
          + " with 'kxm runs answer', then drive again."),
  RUN_BLOCKED_UNCERTAIN(
      409, "Resolve the unproven gate with retry, unblock, fail or cancel, then drive again."),
  RUN_NOT_BLOCKED(409, "Only a run in blocked_uncertain can be recovered; check its status."),
  RUN_NOT_FINISHED(
      409,
      "A run's worktree is removed once the run has finished; cancel it with 'kxm runs cancel'"
          + " first."),
  RUN_HANDOFF_REQUIRED(
      409, "No live producer is configured; drive with --simulated or set up the agent harness."),
  INTERACTION_NOT_FOUND(404, "Read the run's pending interactions with 'kxm runs status'."),
  INTERACTION_ALREADY_RESOLVED(409, "The interaction already has its answer; drive the run."),
  INTERACTION_ANSWER_INVALID(
      400,
      "Send the fields the interaction's kind takes: approved for an approval, answer for a"
          + " clarification, action (accept, decline or cancel) for an elicitation; see 'kxm runs"
          + " answer --help'."),
  ELICITATION_CONTENT_INVALID(
      400,
      "Fill in the field the message names as the elicitation's schema asks, or answer with"
          + " 'kxm runs answer --decline' or '--cancel'; the question stays open."),
  ELICITATION_SCHEMA_INVALID(
      400,
      "Ask with a flat object schema whose properties are strings (format email, uri, date or"
          + " date-time, lengths, enum), numbers or integers (minimum, maximum) or booleans."),
  GATE_EVIDENCE_HASH_MISMATCH(
      500, "A gate row no longer matches its event; restore the event store from a backup."),
  GATE_EVIDENCE_ORPHAN(
      500, "A gate row has no event naming it; restore the event store from a backup."),
  RUNTIME_SCHEMA_NEWER(
      1, "A newer KXM wrote this event store; run that version, or move the store aside."),
  RUNTIME_SCHEMA_SHAPE_INVALID(
      1,
      "The event store has tables but no schema version; move it aside and let KXM recreate it."),
  RUNTIME_STORE_FAILED(500, "Check disk space and permissions of the runtime state folder."),

  // Runtime supervisor: process, token, registry, interactions API
  RUNTIME_UNREACHABLE(
      1, "Start the supervisor with 'kxm runtime start', or check 'kxm runtime status'."),
  RUNTIME_UNAVAILABLE(
      503,
      "No runtime supervisor runs for the hub's user; start it with 'kxm runtime start' on the"
          + " hub's machine."),
  RUNTIME_ALREADY_RUNNING(
      1, "Use the running supervisor, or stop it first with 'kxm runtime stop'."),
  RUNTIME_NOT_RUNNING(1, "Start it with 'kxm runtime start'; 'kxm run' also starts it on demand."),
  RUNTIME_TOKEN_INVALID(
      401,
      "Send Authorization: Bearer <token> with the token from runtime/supervisor.token in the"
          + " user state root, or the KXM_RUNTIME_TOKEN the supervisor was started with."),
  RUNTIME_PROOF_INVALID(
      1,
      "Another process answers on the supervisor's port; run 'kxm runtime start' to replace the"
          + " stale registration."),
  RUNTIME_REGISTRY_UNUSABLE(
      1,
      "Stop the supervisor, move runtime/registry.db aside (with its -wal and -shm files) and start"
          + " again."),
  PROJECT_ROOT_INVALID(
      400, "Pass the absolute path of an existing project folder that holds a .kxm/ tree."),
  RUN_VERIFICATION_FAILED(
      1,
      "The run's log or receipt was changed after it was written; restore the project's event"
          + " store from a backup."),
  RUN_HAS_NO_RECEIPT(
      404,
      "Drive the run first with 'kxm runs drive <runId>'; each drive ends" + " with a receipt."),

  // Sessions on the supervisor: turns, harnesses, streams, network boundary
  SESSION_NOT_FOUND(404, "List sessions with 'kxm session list' and use one of their IDs."),
  SESSION_CLOSED(409, "The session was closed; start another with 'kxm session new'."),
  SESSION_NOT_CLOSED(
      409, "Close the session first with 'kxm session close <session>', then delete it."),
  WORKSPACE_ROOT_INVALID(400, "Pass the absolute path of an existing folder as workspaceRoot."),
  HARNESS_INVALID(
      400,
      "Name the harness as {\"type\": \"command\", \"argv\": [program, args...]};"
          + " docs/harness-protocol.md describes it."),
  SANDBOX_UNAVAILABLE(
      503,
      "Install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap) or point KXM_SANDBOX_BWRAP"
          + " at bwrap, and for a harness that calls its model provider socat (apt-get install"
          + " socat, or KXM_SANDBOX_SOCAT); 'kxm runtime status' says what it found. Or drop"
          + " sandbox: true from the agent, route or gate."),
  HARNESS_START_FAILED(
      500, "Check that the harness program exists, is executable and runs in the workspace."),
  SESSION_QUEUE_FULL(
      429, "Wait for the session's queued runs to finish, or cancel some with 'kxm runs cancel'."),
  RUNTIME_BIND_REQUIRES_TOKEN(
      1, "Keep the token on (drop --no-token), or bind the supervisor to 127.0.0.1 only."),
  RUNTIME_WORKSPACE_INVALID(
      1,
      "Pass 'kxm runtime serve --workspace' the path of an existing folder; a file or a symbolic"
          + " link is refused."),
  OUTSIDE_SERVER_WORKSPACE(
      403,
      "This runtime server hosts only what lies inside its workspace ('kxm runtime serve"
          + " --workspace'); pass a folder under it, or serve another workspace."),
  RUNTIME_TOKEN_NOT_SENT(
      1,
      "The supervisor URL is not on loopback; set KXM_RUNTIME_TOKEN to send a token there on"
          + " purpose."),
  ROUTE_NOT_ADMITTED(
      403,
      "Use a route .kxm/routes.yaml lists, or add it there and have the change reviewed; a refused"
          + " route never falls back to another."),
  ROUTE_VENDOR_MISMATCH(
      403,
      "Run anthropic/* models in claude-code or builtin and openai/* models in codex or builtin;"
          + " pi and command take the other providers."),

  // Runtime sync: outbox push to the hub and the hub's ingest
  SYNC_EVENT_REFUSED(
      422,
      "The event is parked; fix the cause named in the message, then 'kxm runtime sync-retry'."),
  SYNC_EVENT_CONFLICT(
      409,
      "The hub already holds this run and sequence with other content; the local event store and"
          + " the hub disagree, so check which runtime wrote the run before 'kxm runtime"
          + " sync-retry'."),
  SYNC_EVENT_INVALID(
      422, "The event does not have the shape the hub accepts; the message names the field."),
  SYNC_BATCH_TOO_LARGE(413, "Send fewer events per batch; the limit is in the message."),
  SYNC_NOT_BOUND(1, "Bind the project to a hub with 'kxm hub bind <url>' in its folder."),
  SYNC_BINDING_INVALID(
      1, "Bind again with 'kxm hub bind <url>' in the project to rewrite its hub-binding.json."),
  SYNC_TOKEN_NOT_PROJECT(
      1,
      "Bind with the project's token ('kxm auth project-token create <project>' on the hub's"
          + " machine), never the admin token."),

  // Agent CLI adapters and the built-in agent (helpers add codes of their part here only)
  HARNESS_UNAVAILABLE(
      503,
      "Install the agent CLI the message names (npm install -g <package>) or point its KXM_*_BIN"
          + " variable at it, then send the turn again."),
  HARNESS_NOT_LOGGED_IN(
      503,
      "Log the agent CLI in, or give the supervisor the provider key the message names, then send"
          + " the turn again."),
  HARNESS_TIMED_OUT(
      504,
      "The turn ran past its time limit and its process tree was ended; raise KXM_TURN_TIMEOUT_MS"
          + " or make the task smaller."),
  HARNESS_OUTPUT_UNREADABLE(
      502,
      "The agent CLI wrote output the adapter could not read; run it by hand with the same flags"
          + " and check its version."),
  PROVIDER_FAILED(
      502,
      "The model provider refused or failed the call; check its base URL, key and model name."),
  HARNESS_MODEL_INVALID(
      400,
      "Create the session with a model named provider/id, such as openrouter/<id>, that the"
          + " harness's endpoint serves."),
  WORKSPACE_PATH_FORBIDDEN(
      403, "Name a path inside the session's workspace; links that lead outside are refused."),
  WORKTREE_FAILED(
      500, "Check that the workspace is a Git repository with at least one commit and free disk."),

  // Shared resources and hand-offs of live drives, on the project's bound hub
  RUN_HUB_NOT_BOUND(
      409,
      "Bind the project to a hub with 'kxm hub bind <url> --token <project token>' in its folder,"
          + " then drive the run again."),
  LEASE_LOST(
      409,
      "Another holder took the resource over or the hub ended the lease; the step stopped. Wait"
          + " until the resource is free, then start the workflow again with 'kxm run <workflow>'."),

  // Runtime instances sharing one database
  RUN_INSTANCE_UNAVAILABLE(
      503,
      "The runtime instance executing this run stopped renewing its lease. Once the lease lapses a"
          + " surviving instance interrupts the run (within KXM_RUNTIME_INSTANCE_LEASE_MS); retry"
          + " then, and an answer carries on in a continuation run."),
  INSTANCE_LEASE_LOST(
      503,
      "This runtime instance's lease lapsed and another instance took over its runs; it stops"
          + " executing. Restart it ('kxm runtime serve') to join again as a new instance."),

  // Agent workers
  WORKER_NOT_FOUND(404, "List workers with 'kxm agent worker --list' and use one of their names."),
  WORKER_ALREADY_RUNNING(
      409, "Stop the running worker first with 'kxm agent worker stop <name>', or pick a name."),

  // Knowledge: context items, retrieval, memory, forum, distillation, evolve
  // (helpers add codes of their part here only, each under its own comment line)
  CONTEXT_ISOLATION_VIOLATION(
      403, "Leave project out or name your own project; context never crosses projects."),
  CONTEXT_ITEM_INVALID(
      400,
      "Fix the field the message names; context items never carry control-plane fields such as"
          + " permissions, tools or token."),
  CONTEXT_AUTHORITY_EXCEEDED(
      403,
      "Lower the authority to what the item's origin may grant (peer, tool, external and derived:"
          + " evidence)."),
  CONTEXT_PROPOSAL_NOT_FOUND(404, "List proposals with 'kxm context proposals' and use an ID."),
  CONTEXT_PROMOTION_FORBIDDEN(
      403, "Promote with the admin token as an operator other than the proposal's author."),
  VECTOR_RETRIEVAL_UNAVAILABLE(
      503,
      "Check the embeddings endpoint and model, or drop --require-vector to fall back to"
          + " full-text search."),
  MEMORY_INVALID(
      400,
      "Fix the Markdown file the message names: it needs YAML front matter between --- lines."),
  SKILL_HASH_MISMATCH(
      409, "The skill changed after it was promoted; review it and promote it again."),
  FORUM_RETRIEVAL_REQUIRED(409, "Call query or knowledge in this round before you post."),
  FORUM_ROUND_CLOSED(409, "The round has ended; read the forum and wait for the next round."),
  KNOWLEDGE_BUNDLE_INVALID(
      400, "Pass a bundle written by 'kxm knowledge export'; the message names the bad field."),
  // knowledge database and forum
  KNOWLEDGE_ENTRY_NOT_FOUND(
      404,
      "Read the room with forum_read, or the task with knowledge, and use an entry id from it."),
  FORUM_POST_LIMIT_REACHED(
      409, "You used this round's posts; call forum_signal_done and wait for the next round."),
  FORUM_ROUND_NOT_FOUND(
      404, "Name a room and round the forum opened; the orchestrator opens each round first."),
  FORUM_NOT_A_PARTICIPANT(
      403, "Act only as an agent the round lists as a participant; the message names them."),
  EVOLVE_TASKS_INVALID(
      1, "Fix the tasks file the message names; each task needs an id and train/test pairs."),
  // evolve generation loop
  EVOLVE_RUN_MISMATCH(
      1,
      "Resume with the tasks, --population and --attempts-per-task the run started with, or start"
          + " a new run with a new --db (on PostgreSQL: a new KXM_RUNTIME_DATABASE_SCHEMA)."),
  EVOLVE_RUN_NOT_FOUND(
      1, "Run 'kxm evolve TASKS --db FILE' first, or point --db at the database of a run."),
  EVOLVE_TURN_FAILED(
      1,
      "Try the harness alone ('kxm session new' and one prompt); the message says how the turn"
          + " ended."),

  // Backup and restore of the stores
  BACKUP_MANIFEST_INVALID(
      1,
      "Point at a folder 'kxm backup' wrote: its manifest.json is missing or is not a backup"
          + " manifest (the message names the field)."),
  BACKUP_DAMAGED(
      1,
      "Take a fresh backup with 'kxm backup', or restore an older one; 'kxm backup verify <dir>'"
          + " lists every damaged file."),
  BACKUP_SCHEMA_NEWER(
      1,
      "Restore this backup with the KXM version that wrote it (the manifest names it), or"
          + " restore a backup this version made."),
  BACKUP_WRITE_FAILED(
      1, "Free disk space or pass another --out folder, then run 'kxm backup' again."),
  RESTORE_OWNER_RUNNING(
      1,
      "Stop what owns the stores first ('kxm hub stop' in the project, 'kxm runtime stop' for the"
          + " supervisor), then run 'kxm restore' again."),

  // Trust review of .kxm/ changes
  TRUST_PERMISSIONS_WIDENED(
      1, "Review the widened permissions listed above; merge only if each one is intended."),
  TRUST_NOT_A_GIT_REPOSITORY(
      1, "Run the command inside the project's Git work tree; the diff compares against Git."),
  TRUST_REVISION_UNKNOWN(
      1, "Name a commit, branch or tag that exists locally, for example --base HEAD or main."),
  TRUST_GIT_FAILED(
      1, "Check that git is installed and on PATH, and that the repository is intact."),

  // kxm setup: an agent's configuration written for the project
  SETUP_FILE_INVALID(
      1,
      "Fix the file the message names (or move it away) so it parses, then run 'kxm setup'"
          + " again."),
  SETUP_CONFLICT(
      1,
      "Remove the 'kxm' entry the message names from that file ('kxm setup' writes it as a table"
          + " of its own), then run 'kxm setup' again."),
  SETUP_TOKEN_TRACKED(
      1,
      "Leave --token out: kxm mcp reads the project token saved by 'kxm auth project-token"
          + " create', or KXM_AUTH_TOKEN from its environment. A token goes only into a file Git"
          + " ignores."),
  SETUP_LAUNCHER_NOT_FOUND(
      1,
      "Put the 'kxm' launcher on PATH (the distribution's install script does), or set KXM_BIN"
          + " to its absolute path."),
  SETUP_INTEGRATION_NOT_FOUND(
      1,
      "Use the 'kxm' of the installed distribution (it ships share/kxm/integrations) or of a"
          + " checkout of the repository."),
  SETUP_WRITE_FAILED(1, "Make the file the message names writable by this user, then try again."),

  // The Git guard of reservations
  NOT_A_CHECKOUT(1, "Run it inside the Git working tree whose commits it should guard."),
  GIT_HOOK_TAKEN(
      1,
      "Call 'kxm guard check --staged' from the existing pre-commit hook yourself, or replace the"
          + " hook with 'kxm guard install --force'."),

  // Run ids on the command line
  RUN_ON_HUB(
      1,
      "A wfr_ run is a hub workflow run: read it with 'kxm workflow get' as its coordinator, or"
          + " signal it with 'kxm gate signal'; 'kxm runs' takes run_ and srun_ ids.");

  private final int status;
  private final String hint;

  ErrorCode(int status, String hint) {
    this.status = status;
    this.hint = hint;
  }

  /** The stable wire form, for example {@code target_not_found}. */
  public String code() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /**
   * The HTTP status for this code. Codes that only the CLI raises carry 1 here and are never
   * answered over HTTP.
   */
  public int httpStatus() {
    return status;
  }

  public String hint() {
    return hint;
  }

  /** Exit code of a CLI command that ends with this error: 1, refused or failed. */
  public int exitCode() {
    return 1;
  }
}
