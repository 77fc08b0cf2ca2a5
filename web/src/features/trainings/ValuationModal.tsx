import { useEffect, useState } from 'react';
import { Rating, Stack, Text, Textarea } from '@mantine/core';
import { MSG } from '@filialportal/core/messages';
import { ApiError, errorMessage } from '../../api/client.ts';
import { showAlert } from '../../ui/AlertPopup.tsx';
import { FormModal } from '../../ui/FormModal.tsx';
import { useRateTraining, type Training } from './trainings.api.ts';

/**
 * 'Bewertung abgeben' (spec 3 §4, §5): every labelled question, stars 1–5 or a text, all
 * required. A 409 (rated already) closes the dialog and resets the form.
 */
export function ValuationModal({ training, onClose }: { training: Training | null; onClose: () => void }) {
  const rate = useRateTraining();
  const [answers, setAnswers] = useState<(string | number)[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setAnswers(training ? training.ratings.map((q) => (q.type === 'Sternbewertung' ? 0 : '')) : []);
    setError(null);
  }, [training]);

  if (!training) return null;
  const submit = async () => {
    const complete = training.ratings.every((q, i) => (q.type === 'Sternbewertung' ? Number(answers[i]) >= 1 : String(answers[i] ?? '').trim() !== ''));
    if (!complete) return setError(MSG.valuationAnswersRequired);
    try {
      await rate.mutateAsync({ trainingId: training.id, answers: training.ratings.map((q, i) => ({ label: q.label, value: answers[i]! })) });
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        onClose();
        showAlert(e.message, 'info');
      } else setError(errorMessage(e));
    }
  };

  return (
    <FormModal opened onClose={onClose} title="Bewertung abgeben" submitLabel="Absenden" onSubmit={() => void submit()} loading={rate.isPending} error={error}>
      <Text size="sm" c="dimmed">
        {training.title} · {training.dateFormated}
      </Text>
      {training.ratings.map((q, i) => (
        <Stack key={q.label} gap={4}>
          <Text size="sm" fw={500}>
            {q.label}
          </Text>
          {q.type === 'Sternbewertung' ? (
            <Rating value={Number(answers[i] ?? 0)} onChange={(v) => setAnswers((a) => a.map((x, j) => (j === i ? v : x)))} aria-label={q.label} />
          ) : (
            <Textarea autosize minRows={2} aria-label={q.label} value={String(answers[i] ?? '')} onChange={(e) => {
              const v = e.currentTarget.value;
              setAnswers((a) => a.map((x, j) => (j === i ? v : x)));
            }} maxLength={2000} />
          )}
        </Stack>
      ))}
    </FormModal>
  );
}
