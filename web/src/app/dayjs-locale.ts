import dayjs from 'dayjs';
import 'dayjs/locale/de';

// Every date the application formats is German (weekday and month names, Monday first).
dayjs.locale('de');
