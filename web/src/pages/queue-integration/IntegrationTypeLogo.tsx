import type { QueueIntegrationType } from '@atende/kit/contracts';

/** Each type's colour and mark (no image files: a small inline SVG badge). */
const LOOK: Record<QueueIntegrationType, { color: string; mark: string }> = {
  dialogflow: { color: '#FF9800', mark: 'DF' },
  n8n: { color: '#EA4B71', mark: 'n8n' },
  webhook: { color: '#5B5FC7', mark: '</>' },
  typebot: { color: '#0042DA', mark: 'TB' },
};

export type IntegrationTypeLogoProps = { type: QueueIntegrationType; label: string; size?: number };

/** The logo column of /queue-integration (spec 002 §2): a rounded badge in the type's colour. */
export function IntegrationTypeLogo({ type, label, size = 32 }: IntegrationTypeLogoProps) {
  const look = LOOK[type] ?? { color: '#8c8c8c', mark: '?' };
  const fontSize = look.mark.length > 2 ? 11 : 13;
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label={label} data-testid={`integration-logo-${type}`}>
      <title>{label}</title>
      <rect x="0" y="0" width="32" height="32" rx="8" fill={look.color} />
      <text x="16" y="16" dy="0.35em" textAnchor="middle" fontFamily="system-ui, sans-serif" fontWeight="700" fontSize={fontSize} fill="#fff">
        {look.mark}
      </text>
    </svg>
  );
}
