import { textCorrectorAnswer, textCorrectorBody, transcribeAudioAnswer, transcribeAudioBody } from '@atende/kit';
import type { RouteModule } from '../deps.js';
import { createAiAssist } from '../domain/ai-assist.js';

/**
 * The AI helpers of the conversation screen (spec 000 §7): the text corrector and the transcription of a
 * received audio. Any signed-in user of the company; the transcription only for a message whose ticket
 * they may see.
 */
export const aiRoutes: RouteModule = (app, deps) => {
  const assist = createAiAssist(deps);
  const preHandler = deps.guards.authenticated;

  app.post('/api/text-corrector', { preHandler, schema: { tags: ['text-corrector'], body: textCorrectorBody, response: { 200: textCorrectorAnswer } } }, (request) =>
    assist.correct(request.auth, request.body),
  );

  app.post(
    '/api/message/transcribeAudio',
    { preHandler, schema: { tags: ['messages'], body: transcribeAudioBody, response: { 200: transcribeAudioAnswer } } },
    (request) => assist.transcribe(request.auth, request.body.wid),
  );
};
