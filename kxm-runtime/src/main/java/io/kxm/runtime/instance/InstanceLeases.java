package io.kxm.runtime.instance;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The leases of the runtime instances that share one database: an instance holds its lease by
 * renewing it before it lapses, and only what it holds a lease for may it execute.
 *
 * <p>When an instance dies its lease lapses; one survivor then claims it ({@link #claimLapsed}) and
 * ends that instance's runs, and no other survivor can claim it again. An instance whose lease
 * lapsed but that nobody claimed yet may still renew (it was slow, not dead); one that was claimed
 * cannot, and must stop executing at once: its runs belong to the survivor's reconciliation now.
 * Times are the callers' clocks, so the instances' clocks must agree to well within the lease.
 */
public interface InstanceLeases extends AutoCloseable {

  /**
   * Records a new instance whose lease runs {@code ttl} from {@code now}.
   *
   * @throws io.kxm.core.error.KxmException {@code store_conflict} for an id already recorded
   */
  RuntimeInstance join(
      String instanceId, String url, String host, long pid, Instant now, Duration ttl);

  /** Records where the instance's HTTP API listens, once it does. */
  void announce(String instanceId, String url);

  /**
   * Extends the lease of a live instance to {@code now + ttl}.
   *
   * @return false when the instance left or was claimed by a survivor: it must stop executing
   */
  boolean renew(String instanceId, Instant now, Duration ttl);

  /** Ends the lease of an instance that stops cleanly, having ended its own runs. */
  void leave(String instanceId, Instant now);

  Optional<RuntimeInstance> instance(String instanceId);

  /** The instances whose lease holds at {@code now}, oldest first. */
  List<RuntimeInstance> live(Instant now);

  /**
   * Claims, for {@code survivor}, every instance whose lease lapsed before {@code now} and that no
   * one claimed yet; each lapsed instance is returned to exactly one caller across all instances.
   */
  List<RuntimeInstance> claimLapsed(String survivor, Instant now);

  @Override
  void close();
}
