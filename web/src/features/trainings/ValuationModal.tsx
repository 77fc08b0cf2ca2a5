import { Rating, Stack, Text, Textarea } from '@mantine/core';
import { MSG } from '@filialportal/core/messages';
import { answeredAll, VALUATION_ANSWER_MAX, ZValuationRequest } from '@filialportal/core/trainings';
import { ApiError } from '../../api/client.ts';
import { showAlert } from '../../ui/AlertPopup.tsx';
import { combineProblems, FORM_MESSAGE, zodResolver } from '../../ui/form-problem.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { useRateTraining, type Training } from './trainings.api.ts';

type Values = { answers: (string | number)[] };

const bodyOf = (training: Training, v: Values) => ({
  valuation: { trainingId: training.id, answers: training.ratings.map((q, i) => ({ label: q.label, value: v.answers[i]! })) },
});

/**
 * 'Bewertung abgeben' (spec 3 §4, §5): every labelled question, stars 1–5 or a text, all
 * required. A 409 (rated already) closes the dialog and resets the form.
 */
export function ValuationModal({ training, onClose }: { training: Training | null; onClose: () => void }) {
  if (!training) return null;
  return <ValuationForm key={training.id} training={training} onClose={onClose} />;
}

function ValuationForm({ training, onClose }: { training: Training; onClose: () => void }) {
  const rate = useRateTraining();
  const { form, values, message, refused } = useCheckedForm<Values>({
    initialValues: { answers: training.ratings.map((q) => (q.type === 'Sternbewertung' ? 0 : '')) },
    validate: (v) =>
      combineProblems(answeredAll(training.ratings, v.answers) ? {} : { [FORM_MESSAGE]: MSG.valuationAnswersRequired }, zodResolver(ZValuationRequest)(bodyOf(training, v))),
    oneAtATime: true,
  });
  const setAnswer = (i: number, value: string | number) => form.setFieldValue('answers', values.answers.map((x, j) => (j === i ? value : x)));

  const submit = form.onSubmit((v) =>
    rate.mutate(bodyOf(training, v), {
      onSuccess: onClose,
      onError: (e) => {
        if (e instanceof ApiError && e.status === 409) {
          onClose();
          showAlert(e.message, 'info');
        } else refused(e);
      },
    }),
  );

  return (
    <FormModal opened onClose={onClose} title="Bewertung abgeben" submitLabel="Absenden" onSubmit={submit} loading={rate.isPending} error={message}>
      <Text size="sm" c="dimmed">
        {training.title} · {training.dateFormated}
      </Text>
      {training.ratings.map((q, i) => (
        <Stack key={q.label} gap={4}>
          <Text size="sm" fw={500}>
            {q.label}
          </Text>
          {q.type === 'Sternbewertung' ? (
            <Rating value={Number(values.answers[i] ?? 0)} onChange={(v) => setAnswer(i, v)} aria-label={q.label} />
          ) : (
            <Textarea
              autosize
              minRows={2}
              aria-label={q.label}
              value={String(values.answers[i] ?? '')}
              onChange={(e) => setAnswer(i, e.currentTarget.value)}
              maxLength={VALUATION_ANSWER_MAX}
            />
          )}
        </Stack>
      ))}
    </FormModal>
  );
}
