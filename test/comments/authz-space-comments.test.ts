import { commentMatrices } from "./matrix";

commentMatrices("space", "comments");
