// The server's dates and times, all in Europe/Berlin. The formatting lives in core
// (core/src/berlin-time.ts), so the server, its exports, mails and PDFs and the web show the same
// day and time for the same instant; this module is the server's one door to it.
export {
  berlinDay,
  berlinInstant,
  berlinParts,
  currentYear,
  formatDate,
  formatDateTime,
  formatTime,
  todayIso,
} from '@filialportal/core/berlin-time';
