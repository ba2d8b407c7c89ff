import { consume, type Subscription } from '@atende/kit';
import type { CampaignsDeps, Worker } from '../deps.js';
import { createCampaignRunner } from '../domain/campaign-runner.js';

const CONSUMER = 'campaigns';

/** Replies to a campaign's confirmation message (channels.message.received from the contact, not ours, not a group, not history). */
export async function campaignEventHandlers(deps: CampaignsDeps): Promise<Subscription[]> {
  const runner = createCampaignRunner(deps);
  const on = { bus: deps.ctx.bus, unitOfWork: deps.unitOfWork, schema: 'campaigns', logger: deps.ctx.logger };
  return [
    await consume(on, 'channels.message.received', CONSUMER, async (tx, data, envelope) => {
      // A message of an imported history answers nothing.
      if (data.fromMe || data.isGroup || data.imported || envelope.companyId === null) return;
      await runner.confirmReply(tx, envelope.companyId, data.connectionId, data.contact.number, new Date());
    }),
  ];
}

/** Every DISPATCH_INTERVAL_MS (0: never) one pass of the campaign runner; passes never overlap within a process. */
export function campaignWorker(deps: CampaignsDeps): Worker {
  const runner = createCampaignRunner(deps);
  const interval = deps.config.DISPATCH_INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const pass = async () => {
    try {
      await runner.tick(new Date());
    } catch (err) {
      deps.ctx.logger.error({ err }, 'campaign runner pass failed');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pass().finally(schedule);
    }, interval);
    timer.unref?.();
  };

  return {
    start() {
      if (interval === 0) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
