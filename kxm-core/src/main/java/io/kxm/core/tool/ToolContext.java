package io.kxm.core.tool;

import io.kxm.core.context.ContextOperations;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.peer.PeerOperations;
import io.kxm.core.reserve.ReservationOperations;
import io.kxm.core.workflow.WorkflowOperations;
import java.util.Objects;

/**
 * What a tool may act through: the ports of the one agent the calling session is registered as.
 * Workflow and context ports join here as their tools join the catalog.
 */
public interface ToolContext {

  /** Peer messaging as the calling agent. */
  PeerOperations peers();

  /**
   * Workflow operations as the calling agent: its runs as coordinator.
   *
   * @throws KxmException {@code WORKFLOW_NOT_FOUND} where this surface has no workflow port
   */
  default WorkflowOperations workflows() {
    throw new KxmException(
        ErrorCode.WORKFLOW_NOT_FOUND, "this connection does not reach hub workflow runs");
  }

  /**
   * Context operations as the calling agent, in its own project.
   *
   * @throws KxmException {@code INVALID_REQUEST} where this surface has no context port
   */
  default ContextOperations context() {
    throw new KxmException(
        ErrorCode.INVALID_REQUEST, "this connection does not reach the hub's context");
  }

  /**
   * Reservations of repository paths as the calling agent.
   *
   * @throws KxmException {@code INVALID_REQUEST} where this surface has no reservation port
   */
  default ReservationOperations reservations() {
    throw new KxmException(
        ErrorCode.INVALID_REQUEST, "this connection does not reach the hub's reservations");
  }

  /**
   * The context of one agent. A port that also implements {@link WorkflowOperations} or {@link
   * ContextOperations} (the hub's in-process port, the HTTP client's) serves the workflow or
   * context tools as well.
   */
  static ToolContext of(PeerOperations peers) {
    Objects.requireNonNull(peers, "peers");
    WorkflowOperations workflows = peers instanceof WorkflowOperations w ? w : null;
    ContextOperations context = peers instanceof ContextOperations c ? c : null;
    ReservationOperations reservations = peers instanceof ReservationOperations r ? r : null;
    if (workflows == null && context == null && reservations == null) {
      return () -> peers;
    }
    return new ToolContext() {
      @Override
      public PeerOperations peers() {
        return peers;
      }

      @Override
      public WorkflowOperations workflows() {
        return workflows == null ? ToolContext.super.workflows() : workflows;
      }

      @Override
      public ContextOperations context() {
        return context == null ? ToolContext.super.context() : context;
      }

      @Override
      public ReservationOperations reservations() {
        return reservations == null ? ToolContext.super.reservations() : reservations;
      }
    };
  }

  static ToolContext of(PeerOperations peers, WorkflowOperations workflows) {
    Objects.requireNonNull(peers, "peers");
    Objects.requireNonNull(workflows, "workflows");
    return new ToolContext() {
      @Override
      public PeerOperations peers() {
        return peers;
      }

      @Override
      public WorkflowOperations workflows() {
        return workflows;
      }
    };
  }
}
