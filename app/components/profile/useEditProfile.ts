// 'Edit profile's state: the update sent through a fetcher (the modal closes
// once it succeeded), the Conform form, the two photos and what the pickers
// said about them, and the counters of the texts with a limit.
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { z } from "zod";
import type { ProfileActionData } from "#app/lib/profile-actions";
import { editProfileSchema } from "#app/lib/schemas";
import type { User } from "#app/lib/types";
import { charCount } from "#mock/core/rules";
import { photoDefaults, profileDefaults } from "./profile-form";

export function useEditProfile(user: User, onClose: () => void) {
  // Not keyed: each opening starts without the last opening's answer.
  const fetcher = useFetcher<ProfileActionData>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" && fetcher.data?.intent === "edit-profile" ? fetcher.data : undefined;
  const [userPhoto, setUserPhoto] = useState(() => photoDefaults(user).userPhoto);
  const [coverPhoto, setCoverPhoto] = useState(() => photoDefaults(user).coverPhoto);
  const [coverProblem, setCoverProblem] = useState<string | null>(null);
  const [avatarProblem, setAvatarProblem] = useState<string | null>(null);
  // Counted here: Conform's field value starts empty until the first input, not at the default bio.
  // Counted as the limits are (charCount, as the schema and the API): an emoji is one character, not two UTF-16 units.
  const [bioLength, setBioLength] = useState(() => charCount(user.bio ?? ""));
  const [avatarAltLength, setAvatarAltLength] = useState(() => charCount(user.userPhotoAlt ?? ""));
  const [coverAltLength, setCoverAltLength] = useState(() => charCount(user.coverPhotoAlt ?? ""));
  const [form, fields] = useForm<z.input<typeof editProfileSchema>>({
    id: "edit-profile",
    lastResult: answer && "result" in answer ? answer.result : undefined,
    defaultValue: profileDefaults(user),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editProfileSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });

  useEffect(() => {
    if (answer?.ok) onClose();
  }, [answer, onClose]);

  return {
    fetcher,
    busy,
    form,
    fields,
    photos: { userPhoto, setUserPhoto, coverPhoto, setCoverPhoto, coverProblem, setCoverProblem, avatarProblem, setAvatarProblem },
    lengths: { bioLength, setBioLength, avatarAltLength, setAvatarAltLength, coverAltLength, setCoverAltLength },
  };
}

export type EditProfile = ReturnType<typeof useEditProfile>;
