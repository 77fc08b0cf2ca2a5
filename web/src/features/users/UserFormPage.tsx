import { useMemo, useState } from 'react';
import { Alert, Button, Grid, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCircleCheck, IconLock } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { MSG } from '@filialportal/core/messages';
import { ADMIN_ROLE } from '@filialportal/core/roles';
import { useCan, useCurrentUser } from '../../shell-api/current-user.tsx';
import { problemErrors } from '../../ui/form-problem.ts';
import type { PickedImage } from '../../ui/ImagePicker.tsx';
import { NoPermission } from '../../ui/NoPermission.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { useCheckedForm } from '../../ui/useCheckedForm.ts';
import { errorMessage } from '../../api/client.ts';
import { openConfirm } from '../../ui/ConfirmModal.tsx';
import { useLocationOptions, useTeams } from '../../shell-api/lookups.ts';
import { SaveBar } from '../../ui/FormActionBar.tsx';
import { PersonDataExport } from './PersonDataExport.tsx';
import { PersonErase } from './PersonErase.tsx';
import { AvatarPicker, Section } from './user-fields.tsx';
import { LocationsSection, MasterDataSection, PasswordSection, VacationSection, WeekSection } from './user-form-sections.tsx';
import {
  ALL_USER_FIELDS,
  canEditUsers,
  checkUserForm,
  editableFields,
  emptyUserForm,
  userFormFrom,
  userSaveBody,
  type UserField,
  type UserFormValues,
} from './user-form.ts';
import { useResetSecondFactors, useSaveUser, useUserDetail, type UserDetail } from './users.api.ts';
import { USER_LIST_PATH, type UserListState } from './paths.ts';

/** Server messages that belong to one field, so the field is marked as well. */
const FIELD_OF_MESSAGE: Record<string, UserField[]> = {
  [MSG.personalNumberTaken]: ['personalNumber'],
  [MSG.usernameTaken]: ['email'],
  [MSG.usernameInvalid]: ['email'],
  [MSG.groupNotAssignable]: ['role'],
  [MSG.adminProtected]: ['email', 'password', 'role', 'active'],
  [MSG.userProtected]: ['email', 'password', 'role', 'active'],
  [MSG.locationOutOfScope]: ['location'],
  [MSG.passwordsDiffer]: ['password'],
  [MSG.passwordTooShort]: ['password'],
  [MSG.avatarType]: ['image'],
  [MSG.avatarTooLarge]: ['image'],
};

/** Where the list was left (search, sort, page), to return there. */
function useListReturn() {
  const state = useLocation().state as UserListState | null;
  const from = state?.from ?? '';
  return {
    /** Back to the list as it was. */
    cancel: `${USER_LIST_PATH}${from}`,
    /** After a save: same search and sort, from the first page (spec 3 §4). */
    afterSave: () => {
      const params = new URLSearchParams(from);
      params.delete('seite');
      const q = params.toString();
      return `${USER_LIST_PATH}${q ? `?${q}` : ''}`;
    },
  };
}

/**
 * Views 'Neuer Benutzer' (/einstellungen/benutzer/neu) and 'Benutzer bearbeiten'
 * (/einstellungen/benutzer/:id): every field of spec 3 §3 User, editable as the actor's
 * permissions allow.
 */
export function UserFormPage() {
  const { id } = useParams();
  const can = useCan();
  const isNew = !id || id === 'neu';
  const maySee = can({ anyOf: ['einstellungen_benutzer_alle_sehen', 'einstellungen_benutzer_aus_eigener_filiale_sehen'] });
  if (!maySee || (isNew && !can('einstellungen_benutzer_erstellen'))) return <NoPermission />;
  return <UserFormLoader key={id ?? 'neu'} id={isNew ? undefined : id} />;
}

function UserFormLoader({ id }: { id: string | undefined }) {
  const detail = useUserDetail(id);
  const back = useListReturn();
  if (id && detail.isPending) {
    return (
      <>
        <FormHeader isNew={false} name="" />
        <Stack gap="lg" aria-busy>
          <Skeleton height={260} radius="md" />
          <Skeleton height={200} radius="md" />
        </Stack>
      </>
    );
  }
  if (id && (detail.error || !detail.data)) {
    return (
      <>
        <FormHeader isNew={false} name="" />
        <QueryError error={detail.error} />
        <Button component={Link} to={back.cancel} variant="default" leftSection={<IconArrowLeft size={16} />}>
          Zurück zur Liste
        </Button>
      </>
    );
  }
  return <UserForm original={detail.data ?? null} />;
}

function FormHeader({ isNew, name }: { isNew: boolean; name: string }) {
  const title = isNew ? 'Neuer Benutzer' : 'Benutzer bearbeiten';
  return (
    <PageHeader
      title={title}
      description={name || undefined}
      breadcrumbs={[
        { label: 'Dashboard', to: '/dashboard' },
        { label: 'Einstellungen', to: '/einstellungen' },
        { label: 'Benutzer', to: USER_LIST_PATH },
        { label: isNew ? 'Neuer Benutzer' : name || 'Benutzer' },
      ]}
    />
  );
}

/** The inputs of form fields: the password is checked with its repeat, both are marked. */
const inputsOf = (fields: readonly UserField[]) => fields.flatMap((f) => (f === 'password' ? ['password', 'passwordRepeat'] : [f]));

/** Server messages that belong to fields, so the fields are marked as well. */
const fieldsOfMessage = (message: string) => inputsOf(FIELD_OF_MESSAGE[message] ?? []);

/** A person lost phone and recovery codes: their second factors go, and they sign in with the password again. */
function ResetFactors({ userId, name }: { userId: string; name: string }) {
  const reset = useResetSecondFactors();
  return (
    <Section title="Zweiter Faktor">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Authenticator-App, Wiederherstellungscodes und Passkeys der Person entfernen, z. B. nach Verlust des Telefons. Die Person erhält eine E-Mail.
        </Text>
        <Button
          type="button"
          variant="default"
          color="red"
          loading={reset.isPending}
          onClick={() =>
            openConfirm({
              title: 'Zweite Faktoren zurücksetzen',
              text: `Alle zweiten Faktoren von ${name} entfernen?`,
              confirmLabel: 'Zurücksetzen',
              onConfirm: () =>
                reset.mutate(userId, {
                  onSuccess: () => notifications.show({ message: 'Zweite Faktoren zurückgesetzt', color: 'teal', icon: <IconCircleCheck size={18} /> }),
                  onError: (error) => notifications.show({ message: errorMessage(error), color: 'red' }),
                }),
            })
          }
        >
          Zurücksetzen
        </Button>
      </Stack>
    </Section>
  );
}

function UserForm({ original }: { original: UserDetail | null }) {
  const actor = useCurrentUser();
  const can = useCan();
  const navigate = useNavigate();
  const back = useListReturn();
  const isNew = original === null;
  const save = useSaveUser(original?.id);
  const teams = useTeams();
  const locations = useLocationOptions();

  const allLocations = can('einstellungen_benutzer_alle_sehen');
  const homeLocation = actor.location?.id ?? null;
  const { form, values, message, invalid, fail, refused } = useCheckedForm<UserFormValues>({
    initialValues: original ? userFormFrom(original) : emptyUserForm({ location: allLocations ? null : homeLocation }),
    validate: (v) => {
      const problem = checkUserForm(v, isNew);
      return problemErrors(problem && { message: problem.message, fields: inputsOf(problem.fields) });
    },
  });
  const [image, setImage] = useState<PickedImage | null>(null);

  // The server says per group whether the actor holds the keys to its members' accounts.
  const targetGroup = teams.data?.find((t) => t.name === original?.role);
  const keysLocked = !!original && !!targetGroup && !targetGroup.manageable;
  const editable = useMemo(() => editableFields(actor, original?.id ?? null, keysLocked), [actor, original, keysLocked]);
  const readOnly = !isNew && !canEditUsers(actor);
  const may = (field: UserField) => editable.has(field);

  const groupOptions = useMemo(() => {
    const list = teams.data ?? [];
    // Exactly the groups the server lets the actor give, plus the person's current one.
    return list.filter((t) => t.assignable || t.name === original?.role).map((t) => ({ value: t.name, label: t.label }));
  }, [teams.data, original]);

  const locationOptions = useMemo(() => {
    const list = locations.data ?? [];
    // Without "alle Benutzer sehen" users are created only for the own location.
    const scoped = allLocations || !isNew ? list : list.filter((l) => l.id === homeLocation);
    return scoped.map((l) => ({ value: l.id, label: l.label }));
  }, [locations.data, allLocations, isNew, homeLocation]);
  const everyLocation = useMemo(() => (locations.data ?? []).map((l) => ({ value: l.id, label: l.label })), [locations.data]);

  const submit = form.onSubmit((v) => {
    if (readOnly) return;
    save.mutate(userSaveBody(v, original, image), {
      onSuccess: () => {
        notifications.show({ message: MSG.saved, color: 'teal', icon: <IconCircleCheck size={18} /> });
        navigate(back.afterSave());
      },
      onError: (error) => refused(error, fieldsOfMessage),
    });
  });

  const name = original ? `${original.lastName}, ${original.firstName}` : '';
  const self = original?.id === actor.id;
  const restricted = !isNew && !readOnly && ALL_USER_FIELDS.some((f) => !editable.has(f) && !(self && f === 'active'));
  const blocks = { form, may };

  return (
    <>
      <FormHeader isNew={isNew} name={name} />
      {readOnly && (
        <Alert color="stone" variant="light" icon={<IconLock size={18} />} mb="lg" role="note">
          Sie können diesen Benutzer nur ansehen.
        </Alert>
      )}
      {restricted && (
        <Alert color="blue" variant="light" icon={<IconLock size={18} />} mb="lg" role="note">
          {keysLocked
            ? original?.role === ADMIN_ROLE
              ? MSG.adminProtected
              : MSG.userProtected
            : 'Gesperrte Felder dürfen Sie mit Ihren Rechten nicht ändern.'}
        </Alert>
      )}
      <form
        onSubmit={(event) => {
          if (readOnly) event.preventDefault();
          else submit(event);
        }}
        noValidate
        aria-label={isNew ? 'Neuer Benutzer' : 'Benutzer bearbeiten'}
      >
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <MasterDataSection {...blocks} groups={groupOptions} groupsLoading={teams.isPending} />
            </Grid.Col>

            <Grid.Col span={{ base: 12, lg: 4 }}>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 1 }} spacing="lg" h="100%">
                <Section title="Profilbild">
                  <AvatarPicker
                    uri={original?.resourceUri}
                    firstName={values.firstName || '?'}
                    lastName={values.lastName || ''}
                    value={image}
                    onChange={(next) => {
                      setImage(next);
                      if (next && form.errors.image) form.clearErrors();
                    }}
                    onRefuse={(text) => fail(text, ['image'])}
                    invalid={invalid('image')}
                    disabled={!may('image') || readOnly}
                  />
                </Section>
                <PasswordSection {...blocks} isNew={isNew} />
                {original && !readOnly && !keysLocked && can('einstellungen_benutzer_bearbeiten') && <ResetFactors userId={original.id} name={name} />}
                {original && (self || can({ roles: ['Personalleitung'] })) && <PersonDataExport userId={original.id} self={self} />}
                {original && !self && !readOnly && !keysLocked && can({ roles: ['Personalleitung'] }) && (
                  <PersonErase userId={original.id} name={name} active={original.active} onErased={() => navigate(back.cancel)} />
                )}
              </SimpleGrid>
            </Grid.Col>

            <Grid.Col span={{ base: 12, sm: 7, lg: 8 }}>
              <LocationsSection {...blocks} locations={locationOptions} allLocations={everyLocation} locationsLoading={locations.isPending} />
            </Grid.Col>

            <Grid.Col span={{ base: 12, sm: 5, lg: 4 }}>
              <VacationSection {...blocks} />
            </Grid.Col>

            <Grid.Col span={12}>
              <WeekSection {...blocks} />
            </Grid.Col>
          </Grid>
        </fieldset>

        <SaveBar
          message={message ? { kind: 'error', text: message } : null}
          onCloseMessage={() => form.clearErrors()}
          cancelTo={back.cancel}
          readOnly={readOnly}
          saving={save.isPending}
        />
      </form>
    </>
  );
}
