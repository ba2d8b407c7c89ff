import './schedulesLocales';
import { ScheduleDialog } from './ScheduleDialog';

/** The schedule dialog with its texts, as a chunk of its own for screens that open it now and then (the composer). */
export default ScheduleDialog;
