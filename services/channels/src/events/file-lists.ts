import { answer, type Subscription } from '@atende/kit';
import type { ChannelsDeps } from '../deps.js';
import { createFileListsDesk } from '../domain/file-lists.js';

/** Answers channels.fileList.get: tickets' chatbot sends a queue's or an option's file list to a contact. */
export async function fileListHandlers(deps: ChannelsDeps): Promise<Subscription[]> {
  const desk = createFileListsDesk(deps);
  return [await answer(deps.ctx.bus, 'channels.fileList.get', ({ companyId, fileListId }) => desk.forSending(companyId, fileListId))];
}
