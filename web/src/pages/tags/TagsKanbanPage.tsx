import { useTranslation } from 'react-i18next';
import { PlanGate } from '../campaigns/PlanGate';
import { TagsScreen } from './TagsScreen';

/** /TagsKanban (spec 001 §2 Kanban tag management): the kanban tags (lanes) only; gated by useKanban like the board. */
export default function TagsKanbanPage() {
  const { t } = useTranslation('kanban');
  return (
    <PlanGate flag="useKanban" refusedText={t('noPlan')}>
      <TagsScreen kanbanMode />
    </PlanGate>
  );
}
