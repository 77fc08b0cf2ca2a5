import { z } from './zod.ts';
import { zId } from './ids.ts';
import { inYearRange, isIsoDate, zTimestamp } from './dates.ts';
import { MSG } from './messages.ts';
import { wrappedOrFlat } from './wire.ts';

/** Training categories, one tab each (spec 3 §2, §9). */
export const TRAINING_CATEGORIES = ['Schulungen', 'Termine', 'Sonstiges'] as const;
export type TrainingCategory = (typeof TRAINING_CATEGORIES)[number];

/** Trainings per 'Weitere Veranstaltungen anzeigen' step (the spec does not show the size). */
export const TRAINING_PAGE_SIZE = 10;
/** Dates per creation: each becomes its own training; a year of weekdays fits twice over. */
export const TRAINING_MAX_DATES = 60;
export const TRAINING_MAX_QUESTIONS = 20;
export const TRAINING_MAX_CONTINGENT = 10_000;
/** Lengths of a training's texts: title, address, city and lecturer; the message; the zip code; a rating question; a written answer. */
export const TRAINING_TEXT_MAX = 200;
export const TRAINING_DESCRIPTION_MAX = 5000;
export const TRAINING_ZIP_MAX = 10;
export const RATING_LABEL_MAX = 300;
export const VALUATION_ANSWER_MAX = 2000;
/** Rating question types (spec 3 §3 Rating definition). */
export const RATING_TYPES = ['Frage', 'Sternbewertung'] as const;

/** The state of a registration as the list shows it (spec 3 §4). */
export type RegistrationState = 'Angefragt' | 'Warteliste' | 'Genehmigt';
export function registrationState(r: { approved: boolean; waitingList: boolean }): RegistrationState {
  return r.approved ? 'Genehmigt' : r.waitingList ? 'Warteliste' : 'Angefragt';
}

/** 'TT.MM.JJJJ' → 'YYYY-MM-DD', or null when it is not a real day in the years 1800–2199. */
export function germanToIso(text: string): string | null {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return isIsoDate(iso) && inYearRange(iso) ? iso : null;
}

export const isSunday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay() === 0;

/**
 * The comma-separated date list of a new training (spec 3 §3 `dates`): sorted, each day once.
 * 'invalid' for a malformed entry, 'sunday' when one is a Sunday (the picker disables them).
 */
export function parseTrainingDates(text: string): string[] | 'invalid' | 'sunday' | 'tooMany' {
  const parts = text.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length > TRAINING_MAX_DATES) return 'tooMany';
  const days: string[] = [];
  for (const p of parts) {
    const iso = germanToIso(p);
    if (!iso) return 'invalid';
    if (isSunday(iso)) return 'sunday';
    days.push(iso);
  }
  return [...new Set(days)].sort();
}

const required = (message: string, max = TRAINING_TEXT_MAX) => z.string({ error: message }).trim().min(1, message).max(max, MSG.trainingTextTooLong);
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const zTime = z.string({ error: MSG.trainingTimeRequired }).trim().min(1, MSG.trainingTimeRequired).regex(TIME, MSG.trainingTimeInvalid);

/** The contingent comes from a number field: a number or digits, never empty (spec 3 §5). */
const zContingent = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v === '' || v === null ? undefined : v),
  z
    .number({ error: (i) => (i.input === undefined ? MSG.trainingContingentRequired : MSG.trainingContingentInvalid) })
    .int(MSG.trainingContingentInvalid)
    .min(0, MSG.trainingContingentInvalid)
    .max(TRAINING_MAX_CONTINGENT, MSG.trainingContingentInvalid),
);

/** A rating question; questions without a label are dropped (the form keeps one empty row). */
export const ZRatingQuestion = z.object({
  label: z.string().trim().max(RATING_LABEL_MAX, MSG.trainingTextTooLong).default(''),
  type: z.enum(RATING_TYPES).default('Frage'),
});
const zQuestions = z
  .array(ZRatingQuestion)
  .max(TRAINING_MAX_QUESTIONS, MSG.trainingQuestionsTooMany)
  .default([])
  .transform((qs) => qs.filter((q) => q.label !== ''));

const trainingFields = {
  title: required(MSG.trainingTitleRequired),
  category: z.enum(TRAINING_CATEGORIES, { error: MSG.trainingCategoryInvalid }).default('Schulungen'),
  description: required(MSG.trainingDescriptionRequired, TRAINING_DESCRIPTION_MAX),
  address: required(MSG.trainingAddressRequired),
  zip: required(MSG.trainingZipRequired, TRAINING_ZIP_MAX),
  city: required(MSG.trainingCityRequired),
  contactPerson: zId({ error: MSG.trainingContactRequired }),
  lecturer: z.string().trim().max(TRAINING_TEXT_MAX, MSG.trainingTextTooLong).default(''),
  contingent: zContingent,
  ratings: zQuestions,
};

const zDates = z
  .string({ error: MSG.trainingDatesRequired })
  .trim()
  .min(1, MSG.trainingDatesRequired)
  .max(TRAINING_MAX_DATES * 12, MSG.trainingTooManyDates)
  .transform((text, ctx) => {
    const days = parseTrainingDates(text);
    if (Array.isArray(days) && days.length > 0) return days;
    const message = days === 'sunday' ? MSG.trainingSunday : days === 'tooMany' ? MSG.trainingTooManyDates : days === 'invalid' ? MSG.trainingDateInvalid : MSG.trainingDatesRequired;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/** POST /training: one training per date of `dates` ('TT.MM.JJJJ, TT.MM.JJJJ'). */
export const ZTrainingRequest = wrappedOrFlat('training', z.object({ ...trainingFields, dates: zDates, time: zTime }));
export type TTrainingRequest = z.output<typeof ZTrainingRequest>;

/**
 * PUT /training/{id}: the fields without dates; `move` reschedules to `dates` (one day) and `time`,
 * both then required (spec 3 §4 reschedule).
 */
export const ZTrainingUpdate = wrappedOrFlat(
  'training',
  z
    .object({ ...trainingFields, move: z.boolean().default(false), dates: z.string().optional(), time: z.string().optional() })
    .transform((v, ctx) => {
      if (!v.move) return { ...v, date: undefined as string | undefined, time: undefined as string | undefined };
      const date = zDates.safeParse(v.dates ?? '');
      const time = zTime.safeParse(v.time ?? '');
      if (!date.success) ctx.addIssue({ code: 'custom', path: ['dates'], message: date.error.issues[0]!.message });
      else if (date.data.length !== 1) ctx.addIssue({ code: 'custom', path: ['dates'], message: MSG.trainingDateInvalid });
      if (!time.success) ctx.addIssue({ code: 'custom', path: ['time'], message: time.error.issues[0]!.message });
      if (!date.success || !time.success) return z.NEVER;
      return { ...v, date: date.data[0], time: time.data };
    }),
);
export type TTrainingUpdate = z.output<typeof ZTrainingUpdate>;

/** POST /training/registerdirect: the actor registers for a training ('Interessiert'). */
export const ZRegisterSelfRequest = wrappedOrFlat('training', z.object({ id: zId(), directRegistration: z.boolean().default(false) }));
/** POST /training/register/{id}: registers employees; `directRegistration` approves at once. */
export const ZRegisterUsersRequest = z.object({
  users: z.array(zId()).min(1, MSG.trainingEmployeeRequired).max(200).default([]),
  directRegistration: z.boolean().default(false),
  info: z.string().trim().max(500).default(''),
});
export const ZForceQuery = z.object({ force: z.enum(['0', '1']).optional() });

/** POST /training/register/attendance/{id}: after the event, whether the person came. */
export const ZAttendanceRequest = z.object({ attended: z.boolean() });

/** POST /valuation: stars 1–5 and an answer to every labelled Frage question. */
export const ZValuationRequest = z.object({
  valuation: z.object({
    trainingId: zId(),
    stars: z.number({ error: MSG.valuationStarsInvalid }).int(MSG.valuationStarsInvalid).min(1, MSG.valuationStarsInvalid).max(5, MSG.valuationStarsInvalid).optional(),
    answers: z
      .array(z.object({ label: z.string().max(RATING_LABEL_MAX), value: z.union([z.string().trim().max(VALUATION_ANSWER_MAX), z.number().int().min(1).max(5)]) }))
      .max(TRAINING_MAX_QUESTIONS)
      .default([]),
  }),
});

/**
 * Whether every question of a training has its answer (spec 3 §5 'Bewertung abgeben'): 1–5 stars
 * for a Sternbewertung, a text for a Frage; `answers` in the order of the questions.
 */
export function answeredAll(questions: readonly { type: (typeof RATING_TYPES)[number] }[], answers: readonly (string | number | undefined)[]): boolean {
  return questions.every((q, i) => (q.type === 'Sternbewertung' ? Number(answers[i]) >= 1 : String(answers[i] ?? '').trim() !== ''));
}

export const ZRegistration = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  /** Positional: last name, first name, location, group (spec 3 §3). */
  userData: z.array(z.string()),
  waitingList: z.boolean(),
  approved: z.boolean(),
  state: z.string(),
  confirmedBy: z.string().nullable(),
  confirmedByData: z.string(),
  confirmedAtFormated: z.string(),
  createdAt: zTimestamp(),
  canApprove: z.boolean(),
  canDecline: z.boolean(),
  /** After the event: came, did not come, not recorded (null). */
  attended: z.boolean().nullable(),
  canMarkAttendance: z.boolean(),
});

export const ZTraining = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  description: z.string(),
  address: z.string(),
  zip: z.string(),
  city: z.string(),
  contactPerson: z.string().nullable(),
  contactPersonName: z.string(),
  lecturer: z.string(),
  date: z.string(),
  dateFormated: z.string(),
  time: z.string(),
  contingent: z.number(),
  ratings: z.array(z.object({ label: z.string(), type: z.enum(RATING_TYPES) })),
  cancelled: z.boolean(),
  past: z.boolean(),
  /** Places taken: requested and approved registrations (the waiting list does not count). */
  taken: z.number(),
  free: z.number(),
  countApprovedAppointments: z.number(),
  countWaitingList: z.number(),
  valuations: z.number(),
  /** The actor's own registration, if any. */
  own: ZRegistration.nullable(),
  ownValuated: z.boolean(),
  /** Registrations the actor may see (participant list, waiting list). */
  appointments: z.array(ZRegistration),
  can: z.object({
    edit: z.boolean(),
    reschedule: z.boolean(),
    cancel: z.boolean(),
    delete: z.boolean(),
    registerOthers: z.boolean(),
    seeList: z.boolean(),
    downloadList: z.boolean(),
    downloadRatings: z.boolean(),
    rate: z.boolean(),
  }),
});
export type Training = z.input<typeof ZTraining>;

export const ZTrainingListResponse = z.object({ trainings: z.array(ZTraining), count: z.number(), new: z.number() });
export const ZTrainingResponse = z.object({ training: ZTraining });
export const ZTrainingsCreatedResponse = z.object({ trainings: z.array(ZTraining) });
/** Registration answer: 400 asks to confirm (Ja repeats with force=1), 500 reports an error (spec 3 §4). */
export const ZRegisterResponse = z.object({ registerStatus: z.number(), registerMessage: z.string(), training: ZTraining.nullable() });
export const ZUserTrainingsResponse = z.object({ trainings: z.array(z.object({ id: z.string(), date: z.string(), dateFormated: z.string(), time: z.string(), title: z.string(), state: z.string() })) });
/** People for the registration dialog (`registrable`) and the contact-person picker. */
export const ZUsersForTrainingResponse = z.object({
  users: z.array(z.object({ id: z.string(), fullName: z.string(), locationLabel: z.string(), teamLabel: z.string(), registrable: z.boolean() })),
});

/** GET /trainingoverview/{locationId}?year (spec 3 §3 Overview row). */
export const ZTrainingOverviewResponse = z.object({
  trainings: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      date: z.string(),
      dateFormated: z.string(),
      time: z.string(),
      users: z.array(z.object({ id: z.string(), lastName: z.string(), viewName: z.string(), fullName: z.string(), team: z.string(), location: z.string() })),
    }),
  ),
});
