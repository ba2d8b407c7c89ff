import { KanbanPlanGate } from '../kanban/KanbanPlanGate';
import { TagsScreen } from './TagsScreen';

/** /TagsKanban (spec 001 §2 Kanban tag management): the kanban tags (lanes) only; gated by useKanban like the board. */
export default function TagsKanbanPage() {
  return (
    <KanbanPlanGate>
      <TagsScreen kanbanMode />
    </KanbanPlanGate>
  );
}
